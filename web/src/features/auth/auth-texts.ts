import { MSG } from '@eb/shared/messages';

/**
 * Texts of the login screen (spec 1 section 2 "Login screen"): its four modes' titles, fields and
 * buttons. The spec's labels (Email, Password, Login, Forgot Password, Get New Password, Back to
 * Login, New Password, Retype New Password, Submit) are kept verbatim; titles and subtitles are
 * chosen where the spec gives none. Messages are in @eb/shared/messages.
 */
export const LOGIN_TITLES = {
  login: { title: 'Sign in', subtitle: 'Use your work email and password.' },
  reset: { title: 'Reset Password', subtitle: 'Enter your email and we will send you a link to create a new password.' },
  check: { title: MSG.checkEmailTitle },
  new: { title: 'Create New Password' },
} as const satisfies Record<string, { title: string; subtitle?: string }>;

export const LOGIN_TEXTS = {
  email: 'Email',
  password: 'Password',
  login: 'Login',
  forgotPassword: 'Forgot Password',
  getNewPassword: 'Get New Password',
  backToLogin: 'Back to Login',
  newPassword: 'New Password',
  retypePassword: 'Retype New Password',
  submit: 'Submit',
} as const;
