// The message about an order refused for a restricted country (issue 34, decision 039).
import { Text } from '@react-email/text';
import { Greeting, Layout, rendered, styles, type MailContext, type RenderedMail } from './layout';

/** The buyer tried to order and was refused: why (declaration or address), and whom to ask. */
export function countryRefusedMail(context: MailContext, name: string | null, reason: string, buyLink: string): Promise<RenderedMail> {
  return rendered(
    `Your ${context.saleName} order could not be made`,
    <Layout context={context} preview="Orders are not available where you are" heading="Your order could not be made" action={{ label: 'Open Buy Token', href: buyLink }}>
      <Greeting name={name} />
      <Text style={styles.text}>{reason}</Text>
      <Text style={styles.text}>The sale is not offered in some countries. If you think this is a mistake (for example, you are travelling or use a VPN), contact the sale team.</Text>
    </Layout>,
  );
}
