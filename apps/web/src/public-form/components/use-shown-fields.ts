import type { PublicFormField } from '@sheetforms/contract';
import { type RefObject, useCallback, useEffect, useMemo, useState } from 'react';
import { type Answers, answersFromForm } from '../logic/answers';
import { conditionInputNames, hasConditions, sameIds, shownFieldIds } from '../logic/visibility';

interface Shown {
  ids: ReadonlySet<string>;
  /** Fields that appeared after the first paint: they fade in (the first paint never animates). */
  revealed: ReadonlySet<string>;
}

export interface ShownFields {
  isShown(field: PublicFormField): boolean;
  isRevealed(field: PublicFormField): boolean;
  /** The form's change handler: re-reads the answers only when an input a condition looks at changed. */
  onFormChange(event: React.FormEvent<HTMLFormElement>): void;
  /** Re-reads the answers: after the page itself put new ones in the form (a verified prefilled link's). */
  refresh(): void;
}

/**
 * Which fields show as the respondent answers. The inputs are uncontrolled, so the answers are read from
 * the form (as the submit reads them), and only when an input some condition refers to changes: typing
 * anywhere else costs nothing, and a form without conditions never reads at all. The first render uses
 * the answers the page started with, as the server did, so hydration matches; right after it the form is
 * read once, for what was typed before the script arrived.
 */
export function useShownFields(
  fields: readonly PublicFormField[],
  formRef: RefObject<HTMLFormElement | null>,
  start: Answers,
): ShownFields {
  const conditional = useMemo(() => hasConditions(fields), [fields]);
  const watched = useMemo(() => conditionInputNames(fields), [fields]);
  const [shown, setShown] = useState<Shown>(() => ({
    ids: shownFieldIds(fields, start),
    revealed: new Set(),
  }));

  const refresh = useCallback(() => {
    const form = formRef.current;
    if (!conditional || !form) return;
    const ids = shownFieldIds(fields, answersFromForm(fields, new FormData(form)));
    setShown((previous) => {
      if (sameIds(previous.ids, ids)) return previous;
      const revealed = new Set(previous.revealed);
      for (const id of ids) if (!previous.ids.has(id)) revealed.add(id);
      return { ids, revealed };
    });
  }, [conditional, fields, formRef]);

  useEffect(refresh, [refresh]);

  const onFormChange = useCallback(
    (event: React.FormEvent<HTMLFormElement>) => {
      const target = event.target as { name?: unknown };
      if (typeof target.name === 'string' && watched.has(target.name)) refresh();
    },
    [watched, refresh],
  );

  return {
    isShown: (field) => !conditional || shown.ids.has(field.id),
    isRevealed: (field) => shown.revealed.has(field.id),
    onFormChange,
    refresh,
  };
}
