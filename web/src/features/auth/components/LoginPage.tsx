import { useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { DEFAULT_ROUTE } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import type { CurrentUser } from '@eb/shared/users/schemas';
import { isValidEmail, isValidPassword } from '@eb/shared/formats';
import { ApiError } from '../../../lib/api-client';
import { currentUserQuery } from '../../../entities/users/session';
import { browser } from '../../../lib/browser';
import { APP_LOGO_ICON, APP_NAME } from '../../../config/brand';
import { LOGIN_PATH, REF_PARAM, safeReturnPath } from '../../../config/paths';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PasswordInput } from '../../../components/PasswordInput';
import { useDocumentTitle } from '../../../components/use-document-title';
import { login, resetPassword, setPassword } from '../api/auth';
import { loginAttempts } from '../api/login-attempts';
import { LOGIN_TEXTS, LOGIN_TITLES } from '../auth-texts';

/** The four modes of the login screen (spec 1 section 2 "Login screen"). */
type Mode = 'login' | 'reset' | 'check' | 'new';

const TITLES: Record<Mode, { title: string; subtitle?: string }> = LOGIN_TITLES;
const T = LOGIN_TEXTS;

/**
 * /login and /login/:key. A signed-in user visiting /login is forwarded to `ref` (same-origin paths
 * only) or the default route; the key of a reset link starts the page in Create New Password mode.
 */
export function LoginPage() {
  const { key } = useParams<{ key: string }>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useQuery({ ...currentUserQuery(), enabled: !key });
  const [mode, setMode] = useState<Mode>(key ? 'new' : 'login');
  const [email, setEmail] = useState('');
  useDocumentTitle(TITLES[mode].title);

  if (!key && session.data) {
    return <Navigate to={safeReturnPath(params.get(REF_PARAM)) ?? DEFAULT_ROUTE} replace />;
  }
  if (!key && session.isPending) return <LoadingScreen />;

  const backToLogin = () => (key ? navigate(LOGIN_PATH) : setMode('login'));
  const { title, subtitle } = TITLES[mode];

  return (
    <main className="eb-login">
      <Card className="eb-login__card">
        <div className="eb-login__brand">
          <span className="eb-logo eb-logo--lg" aria-hidden="true">
            <i className={APP_LOGO_ICON} />
          </span>
          <span className="eb-login__product">{APP_NAME}</span>
        </div>
        <h1 className="eb-login__title">{title}</h1>
        {subtitle && <p className="eb-login__subtitle">{subtitle}</p>}

        {mode === 'login' && <SignInForm email={email} onEmail={setEmail} onForgot={() => setMode('reset')} />}
        {mode === 'reset' && (
          <ResetForm email={email} onEmail={setEmail} onSent={() => setMode('check')} onBack={backToLogin} />
        )}
        {mode === 'check' && <CheckEmail onBack={backToLogin} />}
        {mode === 'new' && key && <NewPasswordForm resetKey={key} onBack={backToLogin} />}
      </Card>
    </main>
  );
}

interface EmailProps {
  email: string;
  onEmail: (email: string) => void;
}

function SignInForm({ email, onEmail, onForgot }: EmailProps & { onForgot: () => void }) {
  const queryClient = useQueryClient();
  const [password, setPasswordText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: login,
    // The page forwards a signed-in user to `ref` as soon as the user is in the cache.
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery().queryKey, user),
    onError: (err) => setError(loginFailureText(err)),
  });
  const filled = email.trim() !== '' && password !== '';
  // The limit reached (module state, read at each render): Login is disabled and says why.
  const limitReached = !loginAttempts.hasLeft() && !mutation.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!filled || mutation.isPending) return;
    if (!loginAttempts.hasLeft()) return setError(MSG.attemptsLimit);
    if (!isValidEmail(email)) return setError(MSG.invalidEmail);
    setError(null);
    loginAttempts.take();
    mutation.mutate({ email: email.trim(), password });
  };

  return (
    <form className="eb-login__form" onSubmit={submit} noValidate>
      <EmailField value={email} onChange={onEmail} autoFocus />
      <Field id="password" label={T.password}>
        <PasswordInput
          inputId="password"
          value={password}
          onChange={(e) => setPasswordText(e.target.value)}
          autoComplete="current-password"
          className="w-full"
          inputClassName="w-full"
        />
      </Field>
      <div className="eb-login__forgot">
        <Button type="button" link label={T.forgotPassword} className="eb-link-button" onClick={onForgot} />
      </div>
      <FormError text={error} />
      {limitReached && error !== MSG.attemptsLimit && <FormError text={MSG.attemptsLimit} />}
      <Button type="submit" label={T.login} className="w-full" disabled={!filled || limitReached} loading={mutation.isPending} />
    </form>
  );
}

function ResetForm({ email, onEmail, onSent, onBack }: EmailProps & { onSent: () => void; onBack: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: onSent,
    onError: (err) => setError(resetFailureText(err)),
  });
  const filled = email.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!filled || mutation.isPending) return;
    if (!isValidEmail(email)) return setError(MSG.invalidEmail);
    setError(null);
    mutation.mutate({ userName: email.trim() });
  };

  return (
    <form className="eb-login__form" onSubmit={submit} noValidate>
      <EmailField value={email} onChange={onEmail} autoFocus />
      <FormError text={error} />
      <Button
        type="submit"
        label={T.getNewPassword}
        className="w-full"
        disabled={!filled}
        loading={mutation.isPending}
      />
      <BackToLogin onBack={onBack} />
    </form>
  );
}

function CheckEmail({ onBack }: { onBack: () => void }) {
  return (
    <div className="eb-login__form">
      <div className="eb-login__notice">
        <i className="pi pi-envelope" aria-hidden="true" />
        <p>{MSG.checkEmailMessage}</p>
      </div>
      <BackToLogin onBack={onBack} />
    </div>
  );
}

function NewPasswordForm({ resetKey, onBack }: { resetKey: string; onBack: () => void }) {
  const queryClient = useQueryClient();
  const [newPassword, setNewPassword] = useState('');
  const [retyped, setRetyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: setPassword,
    onSuccess: (user: CurrentUser) => {
      // Stores the user and reloads the root (spec 1 section 4).
      queryClient.setQueryData(currentUserQuery().queryKey, user);
      browser.assign('/');
    },
    onError: (err) => setError(resetFailureText(err)),
  });
  const filled = newPassword !== '' && retyped !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!filled || mutation.isPending) return;
    if (newPassword !== retyped || !isValidPassword(newPassword)) return setError(MSG.newPasswordCheck);
    setError(null);
    mutation.mutate({ newPassword, key: resetKey });
  };

  return (
    <form className="eb-login__form" onSubmit={submit} noValidate>
      <div className="eb-login__rules" id="password-rules">
        <i className="pi pi-shield" aria-hidden="true" />
        <p>{MSG.passwordRule}</p>
      </div>
      <PasswordField id="new-password" label={T.newPassword} value={newPassword} onChange={setNewPassword} autoFocus />
      <PasswordField id="retype-password" label={T.retypePassword} value={retyped} onChange={setRetyped} />
      <FormError text={error} />
      <Button type="submit" label={T.submit} className="w-full" disabled={!filled} loading={mutation.isPending} />
      <BackToLogin onBack={onBack} />
    </form>
  );
}

function EmailField({ value, onChange, autoFocus }: { value: string; onChange: (v: string) => void; autoFocus?: boolean }) {
  return (
    <Field id="email" label={T.email}>
      <InputText
        id="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoFocus={autoFocus}
        className="w-full"
      />
    </Field>
  );
}

function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <Field id={props.id} label={props.label}>
      <PasswordInput
        inputId={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        autoComplete="new-password"
        aria-describedby="password-rules"
        autoFocus={props.autoFocus}
        className="w-full"
        inputClassName="w-full"
      />
    </Field>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="eb-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

function FormError({ text }: { text: string | null }) {
  return text ? <Message severity="error" text={text} className="eb-form-error" /> : null;
}

function BackToLogin({ onBack }: { onBack: () => void }) {
  return (
    <Button
      type="button"
      link
      label={T.backToLogin}
      icon="pi pi-arrow-left"
      className="eb-link-button eb-login__back"
      onClick={onBack}
    />
  );
}

/** Login, HTTP 400: the invalid-credentials text; other failures: the response's text (spec 1 section 8). */
function loginFailureText(err: unknown): string {
  if (!(err instanceof ApiError)) return MSG.somethingWentWrong;
  return err.status === 400 ? MSG.invalidCredentials : err.describe(MSG.somethingWentWrong);
}

/** Reset and set-password: the supplied message, else the body or status text, else 'Unexpected error'. */
function resetFailureText(err: unknown): string {
  return err instanceof ApiError ? err.describe(MSG.unexpectedError) : MSG.unexpectedError;
}
