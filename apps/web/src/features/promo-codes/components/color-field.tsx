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
      aria-label={label}
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
