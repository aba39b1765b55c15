// The messages about a buyer's account and its security: password reset and change, address
// verification and change, two-factor sign-in turned on or off.
import { Text } from '@react-email/text';
import { Greeting, Layout, rendered, styles, type MailContext, type RenderedMail } from './layout';

export function passwordResetMail(context: MailContext, name: string | null, link: string, validMinutes: number): Promise<RenderedMail> {
  return rendered(
    `Reset your ${context.saleName} password`,
    <Layout context={context} preview="A link to set a new password" heading="Reset your password" action={{ label: 'Set a new password', href: link }}>
      <Greeting name={name} />
      <Text style={styles.text}>
        Someone asked to reset the password of your {context.saleName} account. The link below works once, for {validMinutes} minutes.
      </Text>
      <Text style={styles.text}>If it was not you, ignore this message: your password stays as it is.</Text>
    </Layout>,
  );
}

export function verifyEmailMail(context: MailContext, name: string | null, link: string, validDays: number): Promise<RenderedMail> {
  return rendered(
    `Verify your e-mail address for ${context.saleName}`,
    <Layout context={context} preview="One click to verify your address" heading="Verify your e-mail address" action={{ label: 'Verify my address', href: link }}>
      <Greeting name={name} />
      <Text style={styles.text}>
        Open the link below to confirm that this address is yours. It works for {validDays} days; you can send a new one from your dashboard.
      </Text>
      <Text style={styles.text}>If you did not create an account, ignore this message.</Text>
    </Layout>,
  );
}

export function emailChangeMail(context: MailContext, name: string | null, newEmail: string, link: string, validHours: number): Promise<RenderedMail> {
  return rendered(
    `Confirm your new e-mail address for ${context.saleName}`,
    <Layout context={context} preview="One click to move your account to this address" heading="Confirm your new address" action={{ label: 'Use this address', href: link }}>
      <Greeting name={name} />
      <Text style={styles.text}>
        You asked to sign in to {context.saleName} with {newEmail} from now on. Your address changes when you open the link below; it works for {validHours} hours.
      </Text>
      <Text style={styles.text}>If you did not ask for this, ignore this message: nothing changes.</Text>
    </Layout>,
  );
}

export function emailChangeRequestedMail(context: MailContext, name: string | null, newEmail: string, profileLink: string): Promise<RenderedMail> {
  return rendered(
    `A change of your ${context.saleName} e-mail address was requested`,
    <Layout context={context} preview="Your account may move to another address" heading="Your e-mail address is about to change" action={{ label: 'Review my profile', href: profileLink }}>
      <Greeting name={name} />
      <Text style={styles.text}>
        Someone signed in to your {context.saleName} account with your password asked to move it to {newEmail}. The change applies only when the link we sent to that address is
        opened.
      </Text>
      <Text style={styles.text}>If this was not you, sign in, withdraw the change in My Profile and change your password at once.</Text>
    </Layout>,
  );
}

export function passwordChangedMail(context: MailContext, name: string | null, signInLink: string, signedOut: 'every' | 'other' = 'every'): Promise<RenderedMail> {
  return rendered(
    `Your ${context.saleName} password was changed`,
    <Layout context={context} preview="Your password was changed" heading="Your password was changed" action={{ label: 'Sign in', href: signInLink }}>
      <Greeting name={name} />
      <Text style={styles.text}>
        The password of your {context.saleName} account was just changed{signedOut === 'every' ? ', and every session was signed out.' : ' in My Profile, and every other session was signed out.'}
      </Text>
      <Text style={styles.text}>If you did not do this, reset your password at once and contact us.</Text>
    </Layout>,
  );
}

/** Two-factor sign-in was turned on or off for the buyer's account (by them, or reset by the sale team). */
export function twoFactorChangedMail(context: MailContext, name: string | null, change: 'on' | 'off' | 'reset', profileLink: string): Promise<RenderedMail> {
  const heading = change === 'on' ? 'Two-factor sign-in was turned on' : 'Two-factor sign-in was turned off';
  const what = {
    on: 'Signing in to your account now takes a code from an authenticator app as well as your password.',
    off: 'Signing in to your account now takes only your password.',
    reset: 'The sale team turned off two-factor sign-in for your account, as asked: signing in now takes only your password. You can turn it on again in My Profile.',
  }[change];
  return rendered(
    `${heading} on your ${context.saleName} account`,
    <Layout context={context} preview={heading} heading={heading} action={{ label: 'Review my profile', href: profileLink }}>
      <Greeting name={name} />
      <Text style={styles.text}>{what}</Text>
      <Text style={styles.text}>
        {change === 'on'
          ? 'If this was not you, someone has your password: reset it by e-mail at once and contact us; the sale team can turn two-factor sign-in off for you.'
          : 'If this was not you, change your password at once, turn two-factor sign-in on again and contact us.'}
      </Text>
    </Layout>,
  );
}
