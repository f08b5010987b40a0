// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Feedback, FeedbackProvider, useFeedback } from './feedback';

afterEach(cleanup);

let feedback: Feedback | undefined;
const Capture = () => {
  feedback = useFeedback();
  return null;
};
const mount = () => {
  render(
    <FeedbackProvider>
      <Capture />
    </FeedbackProvider>,
  );
  if (!feedback) throw new Error('no feedback');
  return feedback;
};

describe('messages, notifications and dialogs downloaded on the first call', () => {
  it('shows what was asked before antd’s engines arrived, and later calls at once', async () => {
    const { message, notification } = mount();
    act(() => {
      void message.success('Сохранено');
      notification.open({ key: 'n', title: 'Заметка' });
    });
    expect(await screen.findByText('Сохранено')).toBeTruthy();
    expect(await screen.findByText('Заметка')).toBeTruthy();
    act(() => void message.error('Ошибка'));
    expect(await screen.findByText('Ошибка')).toBeTruthy();
  });

  it('answers a confirmation through its promise and its callbacks', async () => {
    const { modal } = mount();
    const onOk = vi.fn();
    let dialog: ReturnType<typeof modal.confirm> | undefined;
    act(() => {
      dialog = modal.confirm({ title: 'Уйти?', okText: 'Уйти', onOk });
    });
    // An update made before the dialog is drawn reaches it.
    act(() => dialog?.update({ title: 'Уйти со страницы?' }));
    const answer = dialog?.then(
      (confirmed) => confirmed,
      () => false,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Уйти' }));
    expect(await answer).toBe(true);
    expect(onOk).toHaveBeenCalledOnce();
    expect(screen.getAllByText('Уйти со страницы?').length).toBeGreaterThan(0);
  });

  it('draws nothing of a dialog destroyed before it arrived', async () => {
    const { modal, message } = mount();
    act(() => modal.confirm({ title: 'Никогда' }).destroy());
    act(() => void message.info('Потом'));
    expect(await screen.findByText('Потом')).toBeTruthy();
    expect(screen.queryByText('Никогда')).toBeNull();
  });
});
