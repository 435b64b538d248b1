/**
 * The key of a reset link /login/{key}: the account's email (base64url) and Cognito's
 * forgot-password code. In AWS the CustomMessage trigger writes the link with the code placeholder;
 * locally the emulator's message sender writes it with the real code.
 */
export const CODE_PLACEHOLDER = '{####}';

export function resetKey(email: string, code: string): string {
  return `${Buffer.from(email, 'utf8').toString('base64url')}.${code}`;
}
export function resetLink(appUrl: string, email: string, code: string): string {
  return `${appUrl.replace(/\/$/, '')}/login/${resetKey(email, code)}`;
}
export function parseResetKey(key: string): { email: string; code: string } | undefined {
  const i = key.lastIndexOf('.');
  if (i <= 0) return undefined;
  const email = Buffer.from(key.slice(0, i), 'base64url').toString('utf8');
  const code = key.slice(i + 1);
  if (!/^[^@\s]+@[^@\s]+$/.test(email) || !/^\d{4,10}$/.test(code)) return undefined;
  return { email, code };
}

export function resetEmail(link: string): { subject: string; text: string; html: string } {
  const subject = 'Reset your Enrollment Back Office password';
  const text = `We received a request to reset your password.\n\nOpen this link to choose a new password (valid for one hour, usable once):\n${link}\n\nIf you did not ask for this, ignore this email.`;
  const html = `<p>We received a request to reset your password.</p><p><a href="${link}">Choose a new password</a> (valid for one hour, usable once).</p><p>If you did not ask for this, ignore this email.</p>`;
  return { subject, text, html };
}
