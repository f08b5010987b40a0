import { type Locale, locales, type Role, type UserStatus } from '@pult/contract';

/**
 * The users export's words in the five interface languages: the header and the values a person reads
 * (role, status, subscription status), as the SPA's screens say them (users.columns, roles, userStatus,
 * subscriptionStatus in apps/web/src/locales). Kept next to the export: the file is written by the
 * database, which gets these as literals.
 */
export interface ExportTexts {
  header: Record<(typeof EXPORT_COLUMNS)[number], string>;
  role: Record<Role, string>;
  status: Record<UserStatus, string>;
  subscriptionStatus: Record<'active' | 'expired' | 'canceled', string>;
}

/** The export's columns, in order (the lines come from `exportLinesSql`, same order). */
export const EXPORT_COLUMNS = [
  'id',
  'email',
  'phoneNumber',
  'firstName',
  'lastName',
  'role',
  'status',
  'createdAt',
  'lastSeenAt',
  'subscription',
  'subscriptionStatus',
  'subscriptionExpiresAt',
] as const;

export const EXPORT_TEXTS: Record<Locale, ExportTexts> = {
  ru: {
    header: {
      id: 'ID',
      email: 'Электронная почта',
      phoneNumber: 'Телефон',
      firstName: 'Имя',
      lastName: 'Фамилия',
      role: 'Роль',
      status: 'Статус',
      createdAt: 'Дата регистрации',
      lastSeenAt: 'Последний визит',
      subscription: 'Подписка',
      subscriptionStatus: 'Статус подписки',
      subscriptionExpiresAt: 'Подписка до',
    },
    role: { user: 'Пользователь', editor: 'Редактор', admin: 'Администратор' },
    status: { active: 'Активен', blocked: 'Заблокирован', deleted: 'Удалён' },
    subscriptionStatus: { active: 'активна', expired: 'истекла', canceled: 'отменена' },
  },
  en: {
    header: {
      id: 'ID',
      email: 'Email',
      phoneNumber: 'Phone',
      firstName: 'First name',
      lastName: 'Last name',
      role: 'Role',
      status: 'Status',
      createdAt: 'Registered on',
      lastSeenAt: 'Last seen',
      subscription: 'Subscription',
      subscriptionStatus: 'Subscription status',
      subscriptionExpiresAt: 'Subscription ends',
    },
    role: { user: 'User', editor: 'Editor', admin: 'Administrator' },
    status: { active: 'Active', blocked: 'Blocked', deleted: 'Deleted' },
    subscriptionStatus: { active: 'active', expired: 'expired', canceled: 'canceled' },
  },
  zh: {
    header: {
      id: 'ID',
      email: '电子邮箱',
      phoneNumber: '电话',
      firstName: '名',
      lastName: '姓',
      role: '角色',
      status: '状态',
      createdAt: '注册日期',
      lastSeenAt: '最近访问',
      subscription: '订阅',
      subscriptionStatus: '订阅状态',
      subscriptionExpiresAt: '订阅到期',
    },
    role: { user: '用户', editor: '编辑', admin: '管理员' },
    status: { active: '正常', blocked: '已封禁', deleted: '已删除' },
    subscriptionStatus: { active: '有效', expired: '已过期', canceled: '已取消' },
  },
  fr: {
    header: {
      id: 'ID',
      email: 'Adresse e-mail',
      phoneNumber: 'Téléphone',
      firstName: 'Prénom',
      lastName: 'Nom',
      role: 'Rôle',
      status: 'Statut',
      createdAt: 'Date d’inscription',
      lastSeenAt: 'Dernière visite',
      subscription: 'Abonnement',
      subscriptionStatus: 'Statut de l’abonnement',
      subscriptionExpiresAt: 'Fin de l’abonnement',
    },
    role: { user: 'Utilisateur', editor: 'Éditeur', admin: 'Administrateur' },
    status: { active: 'Actif', blocked: 'Bloqué', deleted: 'Supprimé' },
    subscriptionStatus: { active: 'actif', expired: 'expiré', canceled: 'annulé' },
  },
  ja: {
    header: {
      id: 'ID',
      email: 'メールアドレス',
      phoneNumber: '電話番号',
      firstName: '名',
      lastName: '姓',
      role: 'ロール',
      status: 'ステータス',
      createdAt: '登録日',
      lastSeenAt: '最終アクセス',
      subscription: 'サブスクリプション',
      subscriptionStatus: 'サブスクリプションの状態',
      subscriptionExpiresAt: 'サブスクリプション終了日',
    },
    role: { user: 'ユーザー', editor: '編集者', admin: '管理者' },
    status: { active: '有効', blocked: 'ブロック中', deleted: '削除済み' },
    subscriptionStatus: { active: '有効', expired: '期限切れ', canceled: '解約済み' },
  },
};

/**
 * The export's language: the one the SPA asks for (`lang`), else the best of the browser's
 * `Accept-Language` that Pult speaks, else Russian.
 */
export function exportLanguage(lang: Locale | undefined, acceptLanguage: string | undefined): Locale {
  if (lang) return lang;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.base && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return (wanted.map((entry) => locales.find((l) => l === entry.base)).find(Boolean) as Locale | undefined) ?? 'ru';
}
