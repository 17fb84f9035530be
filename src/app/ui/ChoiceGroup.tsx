/** A set of big tappable options (radio for one, checkbox for many), for touch screens. */
import styles from './Field.module.css';

export interface Choice<V extends string | number> {
  value: V;
  label: string;
  detail?: string;
}

export interface ChoiceGroupProps<V extends string | number> {
  legend: string;
  /** A short note after the legend ("required", "optional"). */
  hint?: string;
  name: string;
  choices: readonly Choice<V>[];
  selected: readonly V[];
  multiple?: boolean;
  onChange: (selected: V[]) => void;
}

export function ChoiceGroup<V extends string | number>({ legend, hint, name, choices, selected, multiple = false, onChange }: ChoiceGroupProps<V>) {
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.legend}>
        {legend}
        {hint ? <span className={styles.legendHint}>{hint}</span> : null}
      </legend>
      {choices.map((choice) => {
        const checked = selected.includes(choice.value);
        return (
          <label key={String(choice.value)} className={styles.choice}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              checked={checked}
              onChange={(event) => {
                if (!multiple) onChange([choice.value]);
                else onChange(event.target.checked ? [...selected, choice.value] : selected.filter((v) => v !== choice.value));
              }}
            />
            <span className={styles.choiceText}>
              {choice.label}
              {choice.detail ? <span className={styles.choiceDetail}>{choice.detail}</span> : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
