import { normaliseSignatureSize, SIGNATURE_LIMITS } from '@sheetforms/contract';

export interface SignatureSizeInput {
  width: string;
  height: string;
}

export interface NormalisedSignatureSize {
  width: number;
  height: number;
  widthFellBack: boolean;
  heightFellBack: boolean;
}

/**
 * Width 200-800 and height 100-400 (spec 001 section 5); anything else, blank or non-numeric included,
 * falls back to 400 and 200.
 */
export function normaliseSignatureInput(input: SignatureSizeInput): NormalisedSignatureSize {
  const { width, height } = normaliseSignatureSize(input.width, input.height);
  return {
    width,
    height,
    widthFellBack: !isWithin(input.width, SIGNATURE_LIMITS.width),
    heightFellBack: !isWithin(input.height, SIGNATURE_LIMITS.height),
  };
}

function isWithin(text: string, limits: { min: number; max: number }): boolean {
  if (text.trim() === '') return false;
  const value = Number(text);
  return Number.isFinite(value) && value >= limits.min && value <= limits.max;
}
