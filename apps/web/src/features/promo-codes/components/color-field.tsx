import { ColorPicker, Input, Space } from 'antd';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  label: string;
}

/** A colour as a picker and as text: brand colours usually arrive as a hex to paste. */
export const ColorField = ({ value, onChange, label }: Props) => (
  <Space.Compact block>
    <ColorPicker
      value={value}
      disabledAlpha
      format="hex"
      onChange={(color) => onChange?.(color.toHexString())}
      // The swatch is a pointer's shortcut and takes no focus; the hex field beside it is the
      // labelled control for everyone (a label on this plain <div> is not allowed by ARIA).
      aria-hidden
    />
    <Input
      value={value}
      maxLength={7}
      className="promo-mono"
      aria-label={label}
      onChange={(event) => onChange?.(event.target.value.trim())}
    />
  </Space.Compact>
);
