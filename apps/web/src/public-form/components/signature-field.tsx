import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { SIGNATURE } from '../lib/constants';
import { toast } from '../lib/toast';
import { drawingBounds, exportPlacement } from '../logic/signature-geometry';
import { type Box, drawTypedSignature, TYPED_SIGNATURE } from '../logic/typed-signature';
import { buttonStyles, inputStyles } from './shell';

export const SIGNATURE_ID = 'signature-pad';
export const TYPED_SIGNATURE_ID = 'signature-typed';

type SignMode = 'draw' | 'type';

export interface SignatureHandle {
  isEmpty(): boolean;
  /** The signature as spec 001 exports it: drawing at 80% of the box, centred on white, light border. */
  toBlob(): Promise<Blob>;
  focus(): void;
}

export interface SignatureFieldProps {
  width: number;
  height: number;
  error: string | undefined;
  disabled: boolean;
  /** Called after every stroke and clear with a new version number. */
  onChange(version: number): void;
  ref?: Ref<SignatureHandle>;
}

function exportCanvas(pad: SignaturePad, canvas: HTMLCanvasElement, box: { width: number; height: number }) {
  const cssWidth = canvas.offsetWidth || box.width;
  const cssHeight = canvas.offsetHeight || box.height;
  const points = pad.toData().flatMap((group) => group.points);
  const bounds = drawingBounds(points, { width: cssWidth, height: cssHeight }, SIGNATURE.maxWidth);
  if (!bounds) throw new Error('The signature pad is empty');
  const place = exportPlacement(bounds, box, SIGNATURE.exportScale);
  const ratio = canvas.width / cssWidth;

  const out = document.createElement('canvas');
  out.width = box.width;
  out.height = box.height;
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, box.width, box.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(
    canvas,
    place.sx * ratio,
    place.sy * ratio,
    place.sw * ratio,
    place.sh * ratio,
    place.dx,
    place.dy,
    place.dw,
    place.dh,
  );
  ctx.strokeStyle = SIGNATURE.borderColor;
  ctx.lineWidth = 1;
  ctx.strokeRect(0.5, 0.5, box.width - 1, box.height - 1);
  return out;
}

/** The typed name on a canvas of the box's size: the same PNG a drawing exports. */
function typedCanvas(text: string, box: Box) {
  const out = document.createElement('canvas');
  out.width = box.width;
  out.height = box.height;
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  drawTypedSignature(ctx, text, box);
  return out;
}

function canvasToBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG export failed'))), 'image/png');
  });
}

/**
 * The Digital Signature pad (spec 001): signature_pad on a canvas of the configured size (narrower on
 * small screens, never wider than the card), pen width 1 to 2, black on white. Drawing is the default;
 * 'Type your signature' is the way for a respondent who cannot draw (keyboard only, a switch, a screen
 * reader), sent as the same PNG through the same upload.
 */
export function SignatureField({ width, height, error, disabled, onChange, ref }: SignatureFieldProps) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const versionRef = useRef(0);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [mode, setMode] = useState<SignMode>('draw');
  const [typed, setTyped] = useState('');
  const typedRef = useRef<HTMLInputElement>(null);
  const previewRef = useRef<HTMLCanvasElement>(null);
  const box = { width, height };
  const changed = () => {
    versionRef.current += 1;
    onChangeRef.current(versionRef.current);
  };

  useEffect(() => {
    const canvas = canvasRef.current;
    const wrap = wrapRef.current;
    if (!canvas || !wrap) return;
    const pad = new SignaturePad(canvas, {
      minWidth: SIGNATURE.minWidth,
      maxWidth: SIGNATURE.maxWidth,
      penColor: SIGNATURE.penColor,
      backgroundColor: SIGNATURE.backgroundColor,
    });
    padRef.current = pad;
    const stroked = () => {
      versionRef.current += 1;
      onChangeRef.current(versionRef.current);
    };
    pad.addEventListener('endStroke', stroked);

    let shownWidth = 0;
    const fit = () => {
      const cssWidth = Math.max(1, Math.min(width, Math.floor(wrap.clientWidth) || width));
      if (cssWidth === shownWidth) return;
      shownWidth = cssWidth;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.style.width = `${cssWidth}px`;
      canvas.style.height = `${height}px`;
      canvas.width = Math.round(cssWidth * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (data.length > 0) pad.fromData(data);
    };
    fit();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
    observer?.observe(wrap);
    return () => {
      observer?.disconnect();
      pad.removeEventListener('endStroke', stroked);
      pad.off();
      padRef.current = null;
    };
  }, [width, height]);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  // The preview is the very image that is sent, drawn at the box's size (CSS narrows it on a phone).
  useEffect(() => {
    if (mode !== 'type') return;
    const ctx = previewRef.current?.getContext('2d');
    if (ctx) drawTypedSignature(ctx, typed, { width, height });
  }, [mode, typed, width, height]);

  const isEmpty = () => (mode === 'type' ? typed.trim() === '' : (padRef.current?.isEmpty() ?? true));

  const toBlob = async () => {
    if (mode === 'type') {
      if (typed.trim() === '') throw new Error('No signature typed');
      return canvasToBlob(typedCanvas(typed, box));
    }
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas || pad.isEmpty()) throw new Error('The signature pad is empty');
    return canvasToBlob(exportCanvas(pad, canvas, box));
  };

  useImperativeHandle(ref, () => ({
    isEmpty,
    toBlob,
    focus: () => (mode === 'type' ? typedRef.current : canvasRef.current)?.focus(),
  }));

  const choose = (next: SignMode) => {
    if (next === mode) return;
    setMode(next);
    // What is sent changes with the mode (a drawing, or the typed name), so it is a new signature.
    changed();
  };

  const clear = () => {
    if (mode === 'type') {
      setTyped('');
      typedRef.current?.focus();
    } else padRef.current?.clear();
    changed();
  };

  const download = async () => {
    if (isEmpty()) {
      toast.error('Please sign before downloading');
      return;
    }
    try {
      const url = URL.createObjectURL(await toBlob());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'signature.png';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toast.success('Signature downloaded successfully');
    } catch {
      toast.error('Failed to download signature');
    }
  };

  const errorId = `${SIGNATURE_ID}-error`;
  return (
    <fieldset className="pf-signature min-w-0">
      <legend className="mb-1.5 block font-medium text-slate-800 text-sm">
        Digital Signature
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="mb-2 flex flex-wrap gap-x-5 gap-y-1 text-slate-700 text-sm">
        {(
          [
            ['draw', 'Draw your signature'],
            ['type', 'Type your signature'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="inline-flex items-center gap-2">
            <input
              type="radio"
              name="signature-mode"
              value={value}
              checked={mode === value}
              disabled={disabled}
              onChange={() => choose(value)}
              className="size-4 accent-emerald-700"
            />
            {label}
          </label>
        ))}
      </div>
      <p id={`${SIGNATURE_ID}-hint`} className="mb-2 text-slate-500 text-sm">
        {mode === 'type'
          ? 'Type your full name: it is set in a handwriting style and sent as your signature.'
          : 'Draw your signature in the box with a mouse, finger or stylus.'}
      </p>
      {mode === 'type' ? (
        <div className="mb-3">
          <label htmlFor={TYPED_SIGNATURE_ID} className="mb-1.5 block font-medium text-slate-800 text-sm">
            Typed signature
          </label>
          <input
            ref={typedRef}
            id={TYPED_SIGNATURE_ID}
            type="text"
            autoComplete="name"
            maxLength={TYPED_SIGNATURE.maxLength}
            value={typed}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${SIGNATURE_ID}-hint` : `${SIGNATURE_ID}-hint`}
            onChange={(event) => {
              setTyped(event.target.value);
              changed();
            }}
            className={inputStyles}
          />
          <canvas
            ref={previewRef}
            width={width}
            height={height}
            role="img"
            aria-label={typed.trim() ? `Signature preview: ${typed.trim()}` : 'Signature preview (empty)'}
            data-testid="typed-signature-preview"
            className="mt-3 block h-auto max-w-full rounded-xl bg-white"
            style={{ width }}
          />
        </div>
      ) : null}
      {/* The pad stays mounted while typing, so switching back keeps the drawing. */}
      <div ref={wrapRef} className={mode === 'type' ? 'hidden' : 'w-full'}>
        <canvas
          ref={canvasRef}
          id={SIGNATURE_ID}
          tabIndex={0}
          role="img"
          aria-label="Signature pad"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${SIGNATURE_ID}-hint` : `${SIGNATURE_ID}-hint`}
          data-testid="signature-canvas"
          className={`block max-w-full touch-none rounded-xl border-2 border-dashed bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 ${
            error ? 'border-red-400' : 'border-slate-300'
          } ${disabled ? 'opacity-70' : 'cursor-crosshair'}`}
          style={{ width, height }}
        />
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-red-600 text-sm">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={buttonStyles.secondary} onClick={clear} disabled={disabled}>
          Clear Signature
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={download} disabled={disabled}>
          Download PNG
        </button>
      </div>
    </fieldset>
  );
}
