import { SIGNATURE_LIMITS } from '@sheetforms/contract';
import { useId, useState } from 'react';
import { inputClasses } from '@/components/ui/input';
import { labelClasses } from '@/components/ui/label';
import { normaliseSignatureInput, type SignatureSizeInput } from '../logic/signature-size';

export interface SignatureSizeInputsProps {
  value: SignatureSizeInput;
  onChange: (value: SignatureSizeInput) => void;
}

type Dimension = keyof SignatureSizeInput;

/**
 * Width 200-800 and height 100-400 px. Leaving an input with anything else puts the default back
 * (400 and 200) and says so.
 */
export function SignatureSizeInputs({ value, onChange }: SignatureSizeInputsProps) {
  const id = useId();
  const [fellBack, setFellBack] = useState<Record<Dimension, boolean>>({ width: false, height: false });
  const { width, height } = normaliseSignatureInput(value);

  const commit = (dimension: Dimension) => {
    const normalised = normaliseSignatureInput(value);
    const didFallBack = dimension === 'width' ? normalised.widthFellBack : normalised.heightFellBack;
    setFellBack((current) => ({ ...current, [dimension]: didFallBack }));
    if (didFallBack) onChange({ ...value, [dimension]: String(normalised[dimension]) });
  };

  const inputs: {
    dimension: Dimension;
    label: string;
    limits: { min: number; max: number; default: number };
  }[] = [
    { dimension: 'width', label: 'Signature width', limits: SIGNATURE_LIMITS.width },
    { dimension: 'height', label: 'Signature height', limits: SIGNATURE_LIMITS.height },
  ];

  // The pad drawn to scale, at most 200 x 100 px here.
  const scale = Math.min(200 / width, 100 / height, 0.5);

  return (
    <div className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {inputs.map(({ dimension, label, limits }) => (
          <div key={dimension}>
            <label htmlFor={`${id}-${dimension}`} className={labelClasses}>
              {label}
            </label>
            <div className="relative">
              <input
                id={`${id}-${dimension}`}
                type="number"
                inputMode="numeric"
                min={limits.min}
                max={limits.max}
                step={1}
                value={value[dimension]}
                onChange={(event) => {
                  setFellBack((current) => ({ ...current, [dimension]: false }));
                  onChange({ ...value, [dimension]: event.target.value });
                }}
                onBlur={() => commit(dimension)}
                aria-describedby={`${id}-${dimension}-hint`}
                className={`${inputClasses} pr-10`}
              />
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-400 text-sm"
              >
                px
              </span>
            </div>
            <p
              id={`${id}-${dimension}-hint`}
              className={`mt-1.5 text-xs ${fellBack[dimension] ? 'text-amber-700' : 'text-slate-500'}`}
            >
              {fellBack[dimension]
                ? `Out of range, so the default ${limits.default} px is used (${limits.min}-${limits.max}).`
                : `${limits.min}-${limits.max} px, default ${limits.default}.`}
            </p>
          </div>
        ))}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <div
          aria-hidden="true"
          className="flex items-center justify-center rounded-md border border-slate-300 border-dashed bg-white text-slate-400 text-xs"
          style={{ width: Math.round(width * scale), height: Math.round(height * scale) }}
        >
          Sign here
        </div>
        <p className="whitespace-nowrap text-slate-600 text-sm" data-testid="signature-size">
          Pad size: {width} × {height} px
        </p>
      </div>
    </div>
  );
}
