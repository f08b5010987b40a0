import { ArrowLeftOutlined, PictureOutlined } from '@ant-design/icons';
import type { Note, NoteStatus } from '@pult/contract';
import { Alert, App, Button, Card, Flex, Form, Input, Popconfirm, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useBreadcrumbLabel } from '../../../lib/breadcrumb-label';
import { describeError } from '../../../lib/describe-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { useArchiveNote, useNote, useNoteTags, useSaveNote } from '../api/notes-queries';
import { CoverField } from '../components/cover-field';
import { MarkdownView } from '../components/markdown-view';
import { NoteStatusTag } from '../components/note-status-tag';
import { ShareCardModal } from '../components/share-card-modal';
import { formValuesOf, isDirty, type NoteFormValues, nextStatus, normaliseTags } from '../lib/note-form';
import '../components/notes.css';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';

/** `/app/notes/new` and `/app/notes/:id`: the editor, with a live preview beside the Markdown. */
export const NoteEditorPage = () => {
  const { id: rawId } = useParams();
  const id = rawId && /^\d+$/.test(rawId) ? Number(rawId) : undefined;
  const { t } = useTranslation();
  const note = useNote(id);
  // The crumb names the note (or says it is new, or not found) instead of showing its id.
  useBreadcrumbLabel(
    id === undefined
      ? t('notes.editor.newTitle')
      : (note.data?.title ?? (note.isError ? t('breadcrumbs.notFound') : undefined)),
  );
  if (id !== undefined && note.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (note.isError) return <Alert type="error" showIcon title={describeError(note.error, t)} />;
  return <NoteEditor key={note.data?.id ?? 'new'} note={note.data} />;
};

const NoteEditor = ({ note }: { note: Note | undefined }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<NoteFormValues>();
  const saved = useMemo(() => formValuesOf(note), [note]);
  const values = (Form.useWatch([], form) as NoteFormValues | undefined) ?? saved;
  const body = Form.useWatch('body', form) ?? saved.body;
  const dirty = isDirty(saved, { ...saved, ...values });
  // The layout's one guard asks before leaving (react-router allows a single blocker).
  const releaseUnsaved = useUnsavedChanges(dirty);
  const tags = useNoteTags();
  const save = useSaveNote();
  const archive = useArchiveNote();
  const [cardOpen, setCardOpen] = useState(false);
  const archived = Boolean(note?.archivedAt);

  useEffect(() => form.setFieldsValue(saved), [form, saved]);

  const submit = async (status?: NoteStatus) => {
    const fields = await form.validateFields();
    const body = { title: fields.title, body: fields.body ?? '', tags: normaliseTags(fields.tags ?? []) };
    save.mutate(
      { id: note?.id, body: status ? { ...body, status } : body },
      {
        onSuccess: (result) => {
          message.success(t(status === 'published' ? 'notes.editor.published' : 'notes.editor.saved'));
          if (!note) {
            releaseUnsaved();
            // Replace, so Back goes to the list rather than to an empty form.
            navigate(`/app/notes/${result.id}`, { replace: true });
          }
        },
        onError: (error) => {
          if (!applyServerErrors(form, error, t)) message.error(describeError(error, t));
        },
      },
    );
  };

  const toggleArchive = () =>
    note &&
    archive.mutate(
      { id: note.id, archive: !archived },
      {
        onSuccess: () => message.success(t(archived ? 'notes.editor.restored' : 'notes.editor.archived')),
        onError: (error) => message.error(describeError(error, t)),
      },
    );

  return (
    <>
      <Flex align="center" gap="small" wrap>
        <Link to="/app/notes" aria-label={t('notes.editor.back')}>
          <ArrowLeftOutlined />
        </Link>
        <PageTitle>{note ? note.title : t('notes.editor.newTitle')}</PageTitle>
        {note ? <NoteStatusTag note={note} /> : null}
        {dirty ? <Typography.Text type="warning">{t('notes.editor.unsaved')}</Typography.Text> : null}
      </Flex>
      {archived ? <Alert type="info" showIcon title={t('notes.editor.archivedNotice')} className="note-alert" /> : null}
      <Card>
        <Space wrap className="note-toolbar">
          <Button type="primary" onClick={() => void submit()} loading={save.isPending} disabled={archived}>
            {t('notes.editor.save')}
          </Button>
          <Button
            onClick={() => void submit(nextStatus(note?.status ?? 'draft'))}
            disabled={archived || save.isPending}
          >
            {note?.status === 'published' ? t('notes.editor.unpublish') : t('notes.editor.publish')}
          </Button>
          {note ? (
            <Button icon={<PictureOutlined />} onClick={() => setCardOpen(true)}>
              {t('notes.editor.shareCard')}
            </Button>
          ) : null}
          {note ? (
            archived ? (
              <Button onClick={toggleArchive} loading={archive.isPending}>
                {t('notes.editor.restore')}
              </Button>
            ) : (
              <Popconfirm
                title={t('notes.editor.archiveConfirm')}
                okText={t('notes.editor.archive')}
                cancelText={t('notes.editor.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={toggleArchive}
              >
                <Button danger loading={archive.isPending}>
                  {t('notes.editor.archive')}
                </Button>
              </Popconfirm>
            )
          ) : null}
        </Space>
        <Form form={form} layout="vertical" initialValues={saved} disabled={archived}>
          <Form.Item
            name="title"
            label={t('notes.editor.title')}
            rules={[{ required: true, whitespace: true, message: t('fieldErrors.required') }, { max: 200 }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="tags" label={t('notes.editor.tags')}>
            <Select
              mode="tags"
              tokenSeparators={[',']}
              placeholder={t('notes.editor.tagsPlaceholder')}
              options={(tags.data?.items ?? []).map((item) => ({ value: item.tag, label: item.tag }))}
            />
          </Form.Item>
          {note ? (
            <Form.Item label={t('notes.editor.cover')}>
              <CoverField note={note} disabled={archived} />
            </Form.Item>
          ) : null}
          <div className="note-editor-split">
            <Form.Item name="body" label={t('notes.editor.body')} className="note-editor-source">
              <Input.TextArea autoSize={{ minRows: 14, maxRows: 40 }} placeholder={t('notes.editor.bodyPlaceholder')} />
            </Form.Item>
            <div className="note-editor-preview" data-testid="note-preview">
              <Typography.Text type="secondary">{t('notes.editor.preview')}</Typography.Text>
              <MarkdownView source={body} />
            </div>
          </div>
        </Form>
      </Card>
      {note ? (
        <ShareCardModal
          noteId={note.id}
          updatedAt={note.updatedAt}
          open={cardOpen}
          onClose={() => setCardOpen(false)}
        />
      ) : null}
    </>
  );
};
