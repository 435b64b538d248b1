import { useState } from 'react';
import { InputText, type InputTextProps } from 'primereact/inputtext';
import { KIT_TEXTS } from './component-texts';
import './password-input.css';

export type PasswordInputProps = Omit<InputTextProps, 'type' | 'id'> & {
  inputId?: string;
  inputClassName?: string;
};

/**
 * A password field with a show/hide button: what the screens used PrimeReact's Password for (no
 * strength meter), without its overlay and transition code on the login route (route budgets,
 * docs/web.md). The button is a real button, named for what it does.
 */
export function PasswordInput({ inputId, inputClassName, className, ...input }: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <span className={['eb-password', className].filter(Boolean).join(' ')}>
      <InputText {...input} id={inputId} type={shown ? 'text' : 'password'} className={inputClassName} />
      <button
        type="button"
        className="eb-password__toggle"
        aria-label={shown ? KIT_TEXTS.hidePassword : KIT_TEXTS.showPassword}
        aria-pressed={shown}
        aria-controls={inputId}
        disabled={input.disabled}
        onClick={() => setShown((s) => !s)}
      >
        <i className={shown ? 'pi pi-eye-slash' : 'pi pi-eye'} aria-hidden="true" />
      </button>
    </span>
  );
}
