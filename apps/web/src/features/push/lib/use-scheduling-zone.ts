import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../lib/resources/public-config';
import { FALLBACK_ZONE, formatInZone, zoneLabel } from './zone-time';

/**
 * The zone staff schedule pushes in (the settings' default time zone, from the public configuration)
 * and how the screen writes times: each push on the clock of the zone it was scheduled in.
 */
export function useSchedulingZone() {
  const { t, i18n } = useTranslation();
  const zone = usePublicConfig().data?.timeZone ?? FALLBACK_ZONE;
  const label = (of: string) => zoneLabel(of, i18n.language, t('push.zone'));
  return {
    zone,
    label,
    format: (iso: string, of: string = zone) => formatInZone(iso, i18n.language, of, label(of)),
  };
}
