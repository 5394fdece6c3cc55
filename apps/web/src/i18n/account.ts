/** The company user's account pages (sign in, choose a password): English only, like the workspace (decision 042). */
export const account = {
  signInHeading: 'Sign in',
  email: 'Email',
  password: 'Password',
  signIn: 'Sign in',
  forgotLink: 'Forgot your password?',
  setPasswordHeading: 'Choose your password',
  newPassword: 'New password',
  passwordRules: 'At least 12 characters. A few unrelated words make a good password that is easy to remember.',
  setPassword: 'Save password and sign in',
  newLink: 'Ask for a new link',
  forgotHeading: 'Forgot your password?',
  forgotIntro: 'Enter the email address of your account. We will email you a link to choose a new password.',
  sendLink: 'Email me a link',
  linkSent: 'If an account uses this address, a link to choose a password is on its way. Check your inbox.',
  backToSignIn: 'Back to sign in',
  /** The API's refusal codes (docs/errors.md) the account pages can meet, as sentences. */
  refusals: {
    'api.sign_in_failed': 'The email or the password is not correct.',
    'api.too_many_requests': 'Too many attempts. Wait a few minutes, then try again.',
    'api.validation_failed': 'Fill in every field.',
    'api.password_too_short': 'This password is too short: use at least 12 characters.',
    'api.password_too_long': 'This password is too long: use at most 256 characters.',
    'api.password_too_common': 'This password is one of the most commonly used, so it is easy to guess. Choose another.',
    'api.set_password_link_invalid': 'This link has been used already or has expired. Ask for a new one below.',
    'api.origin_not_allowed': 'This page was not opened from our site. Open it again from the address bar.',
  } as Record<string, string>,
};
