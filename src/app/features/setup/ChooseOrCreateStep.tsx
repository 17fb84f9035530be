/**
 * The shape both "choose the business" and "choose the kiosk" share: while the list loads (or
 * fails) a status frame with "try again"; an empty list goes straight to the create form; otherwise
 * the items as big choices (the only one, or the one chosen before, preselected) with a button to
 * create another instead.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { Button } from '../../ui/Button';
import { ChoiceGroup, type Choice } from '../../ui/ChoiceGroup';
import { Notice } from '../../ui/Notice';
import { FailureNotice, failureFrom } from './FailureNotice';
import styles from './Setup.module.css';
import { StepFrame } from './StepFrame';

export interface ChooseOrCreateText {
  title: string;
  lead: string;
  legend: string;
  /** Shown when Continue is tapped with nothing chosen. */
  choose: string;
  /** The button that opens the create form. */
  create: string;
}

export interface ChooseOrCreateStepProps<T extends { id: number }> {
  step: number;
  /** Radio group name. */
  name: string;
  text: ChooseOrCreateText;
  items: UseQueryResult<T[], unknown>;
  toChoice: (item: T) => Omit<Choice<number>, 'value'>;
  initialId: number | null;
  onChosen: (item: T) => void;
  onBack: () => void;
  onSignInAgain: () => void;
  /** The create form; `firstOne` when there is nothing to choose from, `onBack` leaves the form. */
  renderCreate: (props: { firstOne: boolean; onBack: () => void }) => ReactNode;
}

export function ChooseOrCreateStep<T extends { id: number }>(props: ChooseOrCreateStepProps<T>) {
  const { t } = useI18n();
  const { step, text, items, onBack, onSignInAgain, renderCreate } = props;
  const [creating, setCreating] = useState(false);
  const list = items.data;

  if (list && (creating || list.length === 0)) {
    return renderCreate({ firstOne: list.length === 0, onBack: list.length === 0 ? onBack : () => setCreating(false) });
  }
  if (!list) {
    return (
      <StepFrame
        step={step}
        title={text.title}
        onBack={onBack}
        notice={items.isError ? <FailureNotice shown={failureFrom(items.error, items.errorUpdatedAt)} onSignInAgain={onSignInAgain} /> : null}
        submitLabel={items.isError ? t('common.retry') : undefined}
        onSubmit={items.isError ? () => void items.refetch() : undefined}
      >
        {items.isError ? null : (
          <p className={styles.status} role="status">
            {t('common.loading')}
          </p>
        )}
      </StepFrame>
    );
  }
  return <ChooseOne {...props} list={list} onCreate={() => setCreating(true)} />;
}

function ChooseOne<T extends { id: number }>({
  step,
  name,
  text,
  list,
  toChoice,
  initialId,
  onChosen,
  onCreate,
  onBack,
}: ChooseOrCreateStepProps<T> & { list: T[]; onCreate: () => void }) {
  const { t } = useI18n();
  const only = list.length === 1 ? list[0] : undefined;
  const [selected, setSelected] = useState<number | null>(initialId ?? only?.id ?? null);
  const [unchosen, setUnchosen] = useState(false);
  const chosen = list.find((item) => item.id === selected);

  return (
    <StepFrame
      step={step}
      title={text.title}
      lead={text.lead}
      submitLabel={t('common.continue')}
      onSubmit={() => (chosen ? onChosen(chosen) : setUnchosen(true))}
      onBack={onBack}
      notice={unchosen && !chosen ? <Notice tone="error">{text.choose}</Notice> : null}
    >
      <div className={styles.wideChoices}>
        <ChoiceGroup
          legend={text.legend}
          name={name}
          choices={list.map((item) => ({ value: item.id, ...toChoice(item) }))}
          selected={selected === null ? [] : [selected]}
          onChange={([id]) => setSelected(id ?? null)}
        />
      </div>
      <div className={styles.alternative}>
        <Button variant="secondary" onClick={onCreate}>
          {text.create}
        </Button>
      </div>
    </StepFrame>
  );
}
