import { UnderConstruction } from '../../../components/under-construction';

/** `/app/common/tg-channels`: the Telegram channel list. Built by a later issue; until then an honest empty state. */
export const TgChannelsPage = () => <UnderConstruction titleKey="nav.tgChannelsList" />;
