// The messages about a buyer's receiving wallet (issue 19).
import { Text } from '@react-email/text';
import { Greeting, Layout, rendered, styles, type MailContext, type RenderedMail } from './layout';

const mono = { ...styles.text, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', wordBreak: 'break-all' as const };

/** A buyer asked, after the sale ended, to have their tokens go to another wallet. */
export function walletChangeRequestedMail(context: MailContext, name: string | null, address: string, profileLink: string): Promise<RenderedMail> {
  return rendered(
    `Your request to change your ${context.saleName} receiving wallet`,
    <Layout context={context} preview="The sale team will review your new wallet" heading="We received your request to change your wallet" action={{ label: 'Review my profile', href: profileLink }}>
      <Greeting name={name} />
      <Text style={styles.text}>Someone signed in to your account with your password asked that your tokens be delivered to:</Text>
      <Text style={mono}>{address}</Text>
      <Text style={styles.text}>The sale has ended, so the sale team reviews the change before it applies. We will write to you when it is decided.</Text>
      <Text style={styles.text}>If this was not you, sign in, withdraw the request in My Profile and change your password at once.</Text>
    </Layout>,
  );
}

/** The sale team's decision on a buyer's request to change their wallet. */
export function walletChangeDecidedMail(context: MailContext, name: string | null, decision: { approved: boolean; address: string; note: string }, profileLink: string): Promise<RenderedMail> {
  const heading = decision.approved ? 'Your new receiving wallet is approved' : 'Your wallet change was not approved';
  return rendered(
    decision.approved ? `Your ${context.saleName} receiving wallet was changed` : `Your ${context.saleName} wallet change was not approved`,
    <Layout context={context} preview={heading} heading={heading} action={{ label: 'Review my profile', href: profileLink }}>
      <Greeting name={name} />
      <Text style={styles.text}>{decision.approved ? 'Your tokens will now be delivered to:' : 'Your tokens stay with your current wallet. The change you asked for was to:'}</Text>
      <Text style={mono}>{decision.address}</Text>
      {decision.note ? <Text style={styles.text}>Note from the sale team: {decision.note}</Text> : null}
      {decision.approved ? <Text style={styles.text}>If you did not ask for this, contact us at once.</Text> : null}
    </Layout>,
  );
}

/** The buyer's receiving wallet was set or changed (applied at once, before the sale is over). */
export function receivingWalletChangedMail(context: MailContext, name: string | null, wallet: { previous: string | null; address: string }, profileLink: string): Promise<RenderedMail> {
  const heading = wallet.previous ? 'Your receiving wallet was changed' : 'Your receiving wallet was set';
  return rendered(
    heading.replace('Your', `Your ${context.saleName}`),
    <Layout context={context} preview={heading} heading={heading} action={{ label: 'Review my profile', href: profileLink }}>
      <Greeting name={name} />
      <Text style={styles.text}>Someone signed in to your account with your password set where your tokens will be delivered.</Text>
      {wallet.previous ? (
        <>
          <Text style={styles.text}>Old wallet:</Text>
          <Text style={mono}>{wallet.previous}</Text>
        </>
      ) : null}
      <Text style={styles.text}>{wallet.previous ? 'New wallet:' : 'Wallet:'}</Text>
      <Text style={mono}>{wallet.address}</Text>
      <Text style={styles.text}>If this was not you, sign in, set your own wallet in My Profile, change your password at once and contact us.</Text>
    </Layout>,
  );
}
