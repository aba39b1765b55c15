// The prize draw's winner message (issue 31, decision 035).
import { Text } from '@react-email/text';
import { Greeting, Layout, rendered, styles, type MailContext, type RenderedMail } from './layout';

/** A buyer's entry won a prize draw: what, how it was picked, and where to check it. */
export function drawWonMail(context: MailContext, name: string | null, draw: { title: string; prize: string; blockHeight: number }, links: { dashboard: string; proof: string }): Promise<RenderedMail> {
  return rendered(
    `You won the ${context.saleName} prize draw: ${draw.title}`,
    <Layout context={context} preview={`You won: ${draw.prize}`} heading="You won the prize draw" action={{ label: 'Open my dashboard', href: links.dashboard }}>
      <Greeting name={name} />
      <Text style={styles.text}>
        Your entry won “{draw.title}”. The prize: {draw.prize}.
      </Text>
      <Text style={styles.text}>
        The winner was picked by block {draw.blockHeight}, committed to when the draw was made, and anyone can check the result: {links.proof}
      </Text>
      <Text style={styles.text}>The sale team will contact you about the delivery; your dashboard shows it once it is recorded.</Text>
    </Layout>,
  );
}
