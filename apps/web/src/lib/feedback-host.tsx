// why: the three engines antd's App mounts, without App itself (lib/feedback.tsx stands in for it)
import useMessage from 'antd/es/message/useMessage';
import useModal from 'antd/es/modal/useModal';
import useNotification from 'antd/es/notification/useNotification';
import { useEffect, useMemo } from 'react';
import type { FeedbackHostProps } from './feedback';

/**
 * antd's message, notification and modal engines with their holders, as antd's `App` mounts them: a
 * chunk of its own, downloaded with the staff page's first message, notification or dialog.
 */
export const FeedbackHost = ({ onReady }: FeedbackHostProps) => {
  const [message, messageHolder] = useMessage();
  const [notification, notificationHolder] = useNotification();
  const [modal, modalHolder] = useModal();
  const feedback = useMemo(() => ({ message, notification, modal }), [message, notification, modal]);
  // The holders are mounted (their refs set) before this effect runs, so the calls waiting can run.
  useEffect(() => onReady(feedback), [feedback, onReady]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
};
