import { encode } from 'uqr';

interface QrCodeProps {
  /** What the code carries (an `otpauth://` URI). */
  value: string;
  /** Its name for assistive technology. */
  label: string;
  /** Drawn size in CSS pixels. */
  size?: number;
}

/**
 * A QR code drawn on the page as one SVG path, from the matrix `uqr` computes here: the secret it
 * carries never goes to an image service. Always dark on white with a quiet zone, whatever the
 * theme, because scanners need that contrast.
 */
export const QrCode = ({ value, label, size = 200 }: QrCodeProps) => {
  const { data, size: modules } = encode(value, { ecc: 'M', border: 2 });
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      data-testid="totp-qr"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
};
