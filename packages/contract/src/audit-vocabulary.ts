import type { Locale } from './locales';

/**
 * Every action and entity the audit log holds, with its name in the five languages. The server
 * types each event it writes with these (`AuditEvent` in apps/api), so a new action does not
 * compile until it is named here; the SPA's table and the server's CSV export read the same names.
 * They live here, not in the SPA's locale files, because the server writes the CSV.
 */
type Names = Readonly<Record<Locale, string>>;

const actionNames = {
  create: { ru: 'Создание', en: 'Created', zh: '创建', fr: 'Création', ja: '作成' },
  update: { ru: 'Изменение', en: 'Updated', zh: '修改', fr: 'Modification', ja: '更新' },
  delete: { ru: 'Удаление', en: 'Deleted', zh: '删除', fr: 'Suppression', ja: '削除' },
  enable: { ru: 'Включение', en: 'Enabled', zh: '启用', fr: 'Activation', ja: '有効化' },
  disable: { ru: 'Отключение', en: 'Disabled', zh: '停用', fr: 'Désactivation', ja: '無効化' },
  block: { ru: 'Блокировка', en: 'Blocked', zh: '封禁', fr: 'Blocage', ja: 'ブロック' },
  unblock: { ru: 'Разблокировка', en: 'Unblocked', zh: '解封', fr: 'Déblocage', ja: 'ブロック解除' },
  restore: { ru: 'Восстановление', en: 'Restored', zh: '恢复', fr: 'Restauration', ja: '復元' },
  'restore-revision': {
    ru: 'Возврат к версии',
    en: 'Version restored',
    zh: '恢复到版本',
    fr: 'Retour à une version',
    ja: '版の復元',
  },
  logout: {
    ru: 'Завершение сеансов',
    en: 'Signed out everywhere',
    zh: '结束所有会话',
    fr: 'Sessions fermées',
    ja: '全セッション終了',
  },
  signin: { ru: 'Вход', en: 'Signed in', zh: '登录', fr: 'Connexion', ja: 'サインイン' },
  signout: { ru: 'Выход', en: 'Signed out', zh: '退出', fr: 'Déconnexion', ja: 'サインアウト' },
  'reset-password': {
    ru: 'Сброс пароля',
    en: 'Password reset',
    zh: '重置密码',
    fr: 'Réinitialisation du mot de passe',
    ja: 'パスワード再設定',
  },
  'change-password': {
    ru: 'Смена пароля',
    en: 'Password changed',
    zh: '修改密码',
    fr: 'Changement de mot de passe',
    ja: 'パスワード変更',
  },
  publish: { ru: 'Публикация', en: 'Published', zh: '发布', fr: 'Publication', ja: '公開' },
  unpublish: { ru: 'Снятие с публикации', en: 'Unpublished', zh: '取消发布', fr: 'Dépublication', ja: '非公開化' },
  archive: { ru: 'В архив', en: 'Archived', zh: '归档', fr: 'Archivage', ja: 'アーカイブ' },
  cover: { ru: 'Новая обложка', en: 'Cover replaced', zh: '更换封面', fr: 'Nouvelle couverture', ja: 'カバー変更' },
  icon: { ru: 'Новая иконка', en: 'Icon replaced', zh: '更换图标', fr: 'Nouvelle icône', ja: 'アイコン変更' },
  avatar: { ru: 'Новый аватар', en: 'Avatar replaced', zh: '更换头像', fr: 'Nouvel avatar', ja: 'アバター変更' },
  export: { ru: 'Выгрузка', en: 'Exported', zh: '导出', fr: 'Export', ja: 'エクスポート' },
  'export-personal-data': {
    ru: 'Выгрузка персональных данных',
    en: 'Personal data exported',
    zh: '导出个人数据',
    fr: 'Export des données personnelles',
    ja: '個人データのエクスポート',
  },
  anonymise: { ru: 'Обезличивание', en: 'Anonymised', zh: '匿名化', fr: 'Anonymisation', ja: '匿名化' },
  'export-codes': {
    ru: 'Выгрузка кодов',
    en: 'Codes exported',
    zh: '导出优惠码',
    fr: 'Export des codes',
    ja: 'コードのエクスポート',
  },
  'block-code': {
    ru: 'Блокировка кода',
    en: 'Code blocked',
    zh: '封禁优惠码',
    fr: 'Blocage du code',
    ja: 'コードのブロック',
  },
  'unblock-code': {
    ru: 'Разблокировка кода',
    en: 'Code unblocked',
    zh: '解封优惠码',
    fr: 'Déblocage du code',
    ja: 'コードのブロック解除',
  },
  'update-theme': {
    ru: 'Изменение оформления',
    en: 'Theme updated',
    zh: '修改主题',
    fr: 'Modification du thème',
    ja: 'テーマ変更',
  },
  'theme-logo': { ru: 'Новый логотип', en: 'Logo replaced', zh: '更换标志', fr: 'Nouveau logo', ja: 'ロゴ変更' },
  'theme-background': {
    ru: 'Новый фон',
    en: 'Background replaced',
    zh: '更换背景',
    fr: 'Nouvel arrière-plan',
    ja: '背景変更',
  },
  'theme-banner': {
    ru: 'Новый баннер',
    en: 'Banner replaced',
    zh: '更换横幅',
    fr: 'Nouvelle bannière',
    ja: 'バナー変更',
  },
  'theme-logo-removed': {
    ru: 'Логотип убран',
    en: 'Logo removed',
    zh: '移除标志',
    fr: 'Logo retiré',
    ja: 'ロゴ削除',
  },
  'theme-background-removed': {
    ru: 'Фон убран',
    en: 'Background removed',
    zh: '移除背景',
    fr: 'Arrière-plan retiré',
    ja: '背景削除',
  },
  'theme-banner-removed': {
    ru: 'Баннер убран',
    en: 'Banner removed',
    zh: '移除横幅',
    fr: 'Bannière retirée',
    ja: 'バナー削除',
  },
  refresh: {
    ru: 'Обновление из Telegram',
    en: 'Refreshed from Telegram',
    zh: '从 Telegram 更新',
    fr: 'Actualisation depuis Telegram',
    ja: 'Telegram から更新',
  },
  reorder: { ru: 'Новый порядок', en: 'Reordered', zh: '调整顺序', fr: 'Réorganisation', ja: '並べ替え' },
  cancel: { ru: 'Отмена', en: 'Canceled', zh: '取消', fr: 'Annulation', ja: 'キャンセル' },
  'test-send': { ru: 'Тестовый пуш', en: 'Test push', zh: '测试推送', fr: 'Push de test', ja: 'テストプッシュ' },
  'send-winner': {
    ru: 'Победитель A/B-теста отправлен',
    en: 'A/B winner sent',
    zh: '已发送 A/B 测试胜出文案',
    fr: 'Gagnant du test A/B envoyé',
    ja: 'A/B テストの勝者を送信',
  },
  'grant-subscription': {
    ru: 'Выдача подписки',
    en: 'Subscription granted',
    zh: '授予订阅',
    fr: 'Abonnement attribué',
    ja: 'サブスクリプション付与',
  },
  'extend-subscription': {
    ru: 'Продление подписки',
    en: 'Subscription extended',
    zh: '延长订阅',
    fr: 'Abonnement prolongé',
    ja: 'サブスクリプション延長',
  },
  retry: { ru: 'Повторный запуск', en: 'Retried', zh: '重试', fr: 'Relance', ja: '再実行' },
  'move-device': {
    ru: 'Перенос устройства',
    en: 'Device moved to another account',
    zh: '设备转到其他账户',
    fr: 'Appareil passé à un autre compte',
    ja: 'デバイスを別アカウントへ移動',
  },
  'signin-failed': {
    ru: 'Неудачный вход',
    en: 'Sign-in failed',
    zh: '登录失败',
    fr: 'Échec de connexion',
    ja: 'サインイン失敗',
  },
  'enrol-mfa': {
    ru: 'Подключение второго фактора',
    en: 'Second factor enrolled',
    zh: '启用双重验证',
    fr: 'Second facteur activé',
    ja: '二要素認証の登録',
  },
  'remove-mfa': {
    ru: 'Отключение второго фактора',
    en: 'Second factor removed',
    zh: '停用双重验证',
    fr: 'Second facteur retiré',
    ja: '二要素認証の解除',
  },
  'reset-mfa': {
    ru: 'Сброс второго фактора',
    en: 'Second factor reset',
    zh: '重置双重验证',
    fr: 'Second facteur réinitialisé',
    ja: '二要素認証のリセット',
  },
  import: { ru: 'Импорт', en: 'Imported', zh: '导入', fr: 'Import', ja: 'インポート' },
  'undo-import': {
    ru: 'Отмена импорта',
    en: 'Import undone',
    zh: '撤销导入',
    fr: 'Import annulé',
    ja: 'インポートの取り消し',
  },
  'end-session': {
    ru: 'Завершение сеанса',
    en: 'Session ended',
    zh: '结束会话',
    fr: 'Session fermée',
    ja: 'セッション終了',
  },
  'step-up': {
    ru: 'Подтверждение личности',
    en: 'Identity confirmed',
    zh: '身份确认',
    fr: 'Identité confirmée',
    ja: '本人確認',
  },
  'step-up-failed': {
    ru: 'Неудачное подтверждение личности',
    en: 'Identity confirmation failed',
    zh: '身份确认失败',
    fr: 'Échec de la confirmation d’identité',
    ja: '本人確認の失敗',
  },
} as const satisfies Record<string, Names>;

const entityNames = {
  user: { ru: 'Пользователь', en: 'User', zh: '用户', fr: 'Utilisateur', ja: 'ユーザー' },
  note: { ru: 'Заметка', en: 'Note', zh: '笔记', fr: 'Note', ja: 'ノート' },
  plan: { ru: 'Тариф', en: 'Plan', zh: '套餐', fr: 'Offre', ja: 'プラン' },
  subscription: { ru: 'Подписка', en: 'Subscription', zh: '订阅', fr: 'Abonnement', ja: 'サブスクリプション' },
  agreement: { ru: 'Документ', en: 'Legal document', zh: '法律文件', fr: 'Document juridique', ja: '規約文書' },
  'promo-series': {
    ru: 'Серия промокодов',
    en: 'Promo code series',
    zh: '优惠码系列',
    fr: 'Série de codes promo',
    ja: 'プロモコードシリーズ',
  },
  'promo-code': { ru: 'Промокод', en: 'Promo code', zh: '优惠码', fr: 'Code promo', ja: 'プロモコード' },
  reminder: {
    ru: 'Push-уведомление',
    en: 'Push notification',
    zh: '推送通知',
    fr: 'Notification push',
    ja: 'プッシュ通知',
  },
  'tg-channel': {
    ru: 'Телеграм-канал',
    en: 'Telegram channel',
    zh: 'Telegram 频道',
    fr: 'Chaîne Telegram',
    ja: 'Telegram チャンネル',
  },
  'tg-category': {
    ru: 'Категория каналов',
    en: 'Channel category',
    zh: '频道分类',
    fr: 'Catégorie de chaînes',
    ja: 'チャンネルカテゴリ',
  },
  'tg-channels': {
    ru: 'Порядок каналов',
    en: 'Channel order',
    zh: '频道顺序',
    fr: 'Ordre des chaînes',
    ja: 'チャンネルの並び',
  },
  'saved-view': { ru: 'Вид списка', en: 'Saved view', zh: '已保存视图', fr: 'Vue enregistrée', ja: '保存済みビュー' },
  settings: { ru: 'Настройки', en: 'Settings', zh: '设置', fr: 'Paramètres', ja: '設定' },
  'audit-event': { ru: 'Журнал аудита', en: 'Audit log', zh: '审计日志', fr: 'Journal d’audit', ja: '監査ログ' },
  device: { ru: 'Устройство', en: 'Device', zh: '设备', fr: 'Appareil', ja: 'デバイス' },
  import: { ru: 'Импорт', en: 'Import', zh: '导入', fr: 'Import', ja: 'インポート' },
  job: {
    ru: 'Фоновая задача',
    en: 'Background job',
    zh: '后台任务',
    fr: 'Tâche de fond',
    ja: 'バックグラウンドジョブ',
  },
} as const satisfies Record<string, Names>;

/** The names of the audit CSV's columns. */
const exportColumnNames = {
  id: { ru: 'Id', en: 'Id', zh: 'ID', fr: 'Id', ja: 'ID' },
  at: { ru: 'Когда', en: 'When', zh: '时间', fr: 'Date', ja: '日時' },
  actorId: { ru: 'Id автора', en: 'Actor id', zh: '操作者 ID', fr: 'Id de l’auteur', ja: '実行者 ID' },
  actorEmail: { ru: 'Кто', en: 'Actor', zh: '操作者', fr: 'Auteur', ja: '実行者' },
  action: { ru: 'Действие', en: 'Action', zh: '操作', fr: 'Action', ja: '操作' },
  entity: { ru: 'Объект', en: 'Object', zh: '对象', fr: 'Objet', ja: '対象' },
  entityId: { ru: 'Id объекта', en: 'Object id', zh: '对象 ID', fr: 'Id de l’objet', ja: '対象 ID' },
  ip: { ru: 'IP', en: 'IP', zh: 'IP', fr: 'IP', ja: 'IP' },
  before: { ru: 'До', en: 'Before', zh: '之前', fr: 'Avant', ja: '変更前' },
  after: { ru: 'После', en: 'After', zh: '之后', fr: 'Après', ja: '変更後' },
} as const satisfies Record<string, Names>;
export type AuditExportColumn = keyof typeof exportColumnNames;

export const auditExportColumnName = (column: AuditExportColumn, locale: Locale): string =>
  exportColumnNames[column][locale];

export type AuditAction = keyof typeof actionNames;
export type AuditEntity = keyof typeof entityNames;
export const auditActions = Object.keys(actionNames) as AuditAction[];
export const auditEntities = Object.keys(entityNames) as AuditEntity[];

const isKey = <T extends object>(names: T, value: string): value is Extract<keyof T, string> =>
  Object.hasOwn(names, value);

/** An action's name; a code from before this list (or from a newer server) is shown as it is. */
export const auditActionName = (action: string, locale: Locale): string =>
  isKey(actionNames, action) ? actionNames[action][locale] : action;

export const auditEntityName = (entity: string, locale: Locale): string =>
  isKey(entityNames, entity) ? entityNames[entity][locale] : entity;
