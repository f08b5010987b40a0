import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import type { PromoTheme } from '@pult/contract';
import { Flex, Segmented } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LandingPreview } from './landing-preview';

const DEVICES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
type Device = keyof typeof DEVICES;

/**
 * The landing page laid out at a real device width, then scaled down to fit the column: the
 * layout breaks where the real page would, not where the editor's column happens to end.
 */
export const PreviewFrame = ({ theme, filesBaseUrl }: { theme: PromoTheme; filesBaseUrl: string | undefined }) => {
  const { t } = useTranslation();
  const [device, setDevice] = useState<Device>('desktop');
  const [available, setAvailable] = useState(0);
  const holder = useRef<HTMLDivElement>(null);
  const { width, height } = DEVICES[device];

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A phone is shown at most at its own size; a desktop is shrunk to the column, frame included.
  const frame = device === 'phone' ? 12 : 2;
  const scale = available > 0 ? Math.min(1, (available - frame) / width, device === 'phone' ? 560 / height : 1) : 0;

  return (
    <Flex vertical gap="middle">
      <Segmented<Device>
        block
        value={device}
        onChange={setDevice}
        options={[
          { value: 'desktop', icon: <DesktopOutlined />, label: t('promoCodes.theme.desktop', { width: 1280 }) },
          { value: 'phone', icon: <MobileOutlined />, label: t('promoCodes.theme.phone', { width: 390 }) },
        ]}
      />
      <div ref={holder} className="preview-holder" data-device={device}>
        <div className="preview-device" style={{ width: width * scale, height: height * scale }}>
          <div className="preview-page" style={{ width, height, transform: `scale(${scale})` }}>
            <LandingPreview theme={theme} filesBaseUrl={filesBaseUrl} height={height} />
          </div>
        </div>
      </div>
    </Flex>
  );
};
