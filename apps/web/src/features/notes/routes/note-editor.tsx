import { ArrowLeftOutlined, PictureOutlined } from '@ant-design/icons';
import type { Note, NoteStatus } from '@pult/contract';
import { Alert, Button, Card, Flex, Form, Input, Popconfirm, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { EditWithHistory } from '../../../components/edit-with-history';
import { PageTitle } from '../../../components/page-title';
import { PresenceBar } from '../../../components/presence-bar';
import { useBreadcrumbLabel } from '../../../lib/breadcrumb-label';
import { describeError } from '../../../lib/describe-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { useLastChange } from '../../../lib/live-events';
import { useRecordPresence } from '../../../lib/presence';
import { staleRecordOf } from '../../../lib/stale-version';
import {
  loadNoteRevisions,
  noteKeys,
  noteRevisionsKey,
  restoreNoteRevision,
  useArchiveNote,
  useNote,
  useNoteTags,
  useSaveNote,
} from '../api/notes-queries';
import { CoverField } from '../components/cover-field';
import { MarkdownView } from '../components/markdown-view';
import { NoteStatusTag } from '../components/note-status-tag';
import { ShareCardModal } from '../components/share-card-modal';
import {
  conflictFields,
  formValuesOf,
  isDirty,
  mergeMine,
  NOTE_FIELD_VALUES,
  type NoteFormValues,
  nextStatus,
  normaliseTags,
} from '../lib/note-form';
import '../components/notes.css';
import { useFeedback } from '../../../lib/feedback';
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
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<NoteFormValues>();
  // The note the form was opened on: its version goes with the save (If-Match). A newer one heard of
  // meanwhile replaces it only while nothing is typed, so nobody's edits vanish under their hands.
  const [base, setBase] = useState(note);
  const saved = useMemo(() => formValuesOf(base), [base]);
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
  const [conflict, setConflict] = useState<{ current: Note; status?: NoteStatus } | null>(null);
  const lastChange = useLastChange('note', note?.id);
  const changedMeanwhile = Boolean(note && base && note.version > base.version);
  // An open note is an open form: it takes the soft edit lock (an archived one is only looked at).
  const presence = useRecordPresence('note', note?.id, !archived);

  useEffect(() => form.setFieldsValue(saved), [form, saved]);
  useEffect(() => {
    if (note && base && note.version !== base.version && !dirty) setBase(note);
  }, [note, base, dirty]);

  /** Saves over `version` (the base's unless the person chose to keep theirs over a newer one). */
  const submit = async (status?: NoteStatus, version = base?.version) => {
    const fields = await form.validateFields();
    const body = { title: fields.title, body: fields.body ?? '', tags: normaliseTags(fields.tags ?? []) };
    save.mutate(
      { id: note?.id, body: status ? { ...body, status } : body, version },
      {
        onSuccess: (result) => {
          setConflict(null);
          setBase(result);
          message.success(t(status === 'published' ? 'notes.editor.published' : 'notes.editor.saved'));
          if (!note) {
            releaseUnsaved();
            // Replace, so Back goes to the list rather than to an empty form.
            navigate(`/app/notes/${result.id}`, { replace: true });
          }
        },
        onError: (error) => {
          const current = staleRecordOf<Note>(error);
          if (current) return setConflict({ current, status });
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

  const editor = (
    <Card>
      <Space wrap className="note-toolbar">
        <Button type="primary" onClick={() => void submit()} loading={save.isPending} disabled={archived}>
          {t('notes.editor.save')}
        </Button>
        <Button onClick={() => void submit(nextStatus(note?.status ?? 'draft'))} disabled={archived || save.isPending}>
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
      {note ? <PresenceBar presence={presence} canTakeOver={!archived} /> : null}
      {archived ? <Alert type="info" showIcon title={t('notes.editor.archivedNotice')} className="note-alert" /> : null}
      {dirty && changedMeanwhile ? (
        <Alert
          type="warning"
          showIcon
          className="note-alert"
          title={
            lastChange?.actor
              ? t('versions.live.changedBy', { name: lastChange.actor.name })
              : t('versions.live.changed')
          }
        />
      ) : null}
      <EditWithHistory
        edit={editor}
        history={
          note && {
            queryKey: noteRevisionsKey(note.id),
            invalidateKey: noteKeys.all,
            load: (signal) => loadNoteRevisions(note.id, signal),
            restore: (revisionId) => restoreNoteRevision(note.id, revisionId),
            fieldLabel: (field) => t(NOTE_FIELD_LABELS[field] ?? field),
            fieldValues: NOTE_FIELD_VALUES,
            markdownFields: NOTE_MARKDOWN_FIELDS,
          }
        }
      />
      {conflict ? (
        <ConflictDialog
          open
          fields={conflictFields(form.getFieldsValue(), conflict.current, (key) => t(NOTE_FIELD_LABELS[key] ?? key))}
          changedBy={lastChange?.id === note?.id ? lastChange?.actor?.name : null}
          fieldValues={NOTE_FIELD_VALUES}
          saving={save.isPending}
          onCancel={() => setConflict(null)}
          onTakeTheirs={() => {
            setBase(conflict.current);
            form.setFieldsValue(formValuesOf(conflict.current));
            setConflict(null);
          }}
          onKeepMine={() => {
            form.setFieldsValue(
              mergeMine(saved, { ...saved, ...form.getFieldsValue() }, formValuesOf(conflict.current)),
            );
            void submit(conflict.status, conflict.current.version);
          }}
        />
      ) : null}
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

/** The form's and the history's names of a note's fields. */
const NOTE_FIELD_LABELS: Partial<Record<string, string>> = {
  title: 'notes.editor.title',
  body: 'notes.editor.body',
  tags: 'notes.editor.tags',
  status: 'notes.filters.status',
  coverImage: 'notes.editor.cover',
  archivedAt: 'notes.status.archived',
};

/** A note's Markdown, compared word by word in its history. */
const NOTE_MARKDOWN_FIELDS = ['body'] as const;
