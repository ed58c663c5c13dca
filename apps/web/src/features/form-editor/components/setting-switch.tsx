import type { ReactNode } from 'react';
import { SwitchField } from '@/components/ui/switch';

export interface SettingSwitchProps {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
}

/** One setting of the editor: the kit's labelled switch (its name is the label, its description the text under it). */
export function SettingSwitch({ label, description, checked, onChange, children }: SettingSwitchProps) {
  return (
    <div className="py-4 first:pt-0 last:pb-0">
      <SwitchField label={label} description={description} checked={checked} onCheckedChange={onChange} />
      {children}
    </div>
  );
}
