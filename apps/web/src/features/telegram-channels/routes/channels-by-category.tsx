import { UnderConstruction } from '../../../components/under-construction';

/** `/app/telegram-chanels`: channels grouped by category. Built by a later issue; until then an honest empty state. */
export const ChannelsByCategoryPage = () => <UnderConstruction titleKey="nav.telegramChannels" />;
