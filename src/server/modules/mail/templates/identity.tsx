// The messages about a buyer's identity check (issue 34, decision 041): its verdict, and why a rejection.
import { Text } from '@react-email/text';
import { Greeting, Layout, rendered, styles, type MailContext, type RenderedMail } from './layout';

/** The check passed: the buyer may order past the threshold. */
export function identityApprovedMail(context: MailContext, name: string | null, buyLink: string): Promise<RenderedMail> {
  return rendered(
    `Your identity is verified for ${context.saleName}`,
    <Layout context={context} preview="Your identity check passed" heading="Your identity is verified" action={{ label: 'Open Buy Token', href: buyLink }}>
      <Greeting name={name} />
      <Text style={styles.text}>Your identity check passed: you can order again.</Text>
    </Layout>,
  );
}

/** The check failed: the reviewer's (or provider's) reason, and where to try again. */
export function identityRejectedMail(context: MailContext, name: string | null, reason: string, verificationLink: string): Promise<RenderedMail> {
  return rendered(
    `Your ${context.saleName} identity check was not accepted`,
    <Layout context={context} preview="Your identity check was not accepted" heading="Your identity check was not accepted" action={{ label: 'Open Verification', href: verificationLink }}>
      <Greeting name={name} />
      <Text style={styles.text}>The reason given: {reason}</Text>
      <Text style={styles.text}>You can send new documents from the Verification page of your dashboard.</Text>
    </Layout>,
  );
}
