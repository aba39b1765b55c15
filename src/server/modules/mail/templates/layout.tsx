// The one layout every e-mail Presale sends shares (the sale's name, a heading, the message, an
// optional button, the footer), rendered to an HTML part and a plain-text part. React escapes every
// value it renders, so a buyer's name cannot inject markup.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import type { ReactNode } from 'react';
import { LOGO_CID, type MailContext, type RenderedMail } from './message';

export type { MailContext, RenderedMail };

export const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', margin: '0 auto', maxWidth: '560px', padding: '32px 28px' },
  brand: { color: '#4338ca', fontSize: '14px', fontWeight: 700, letterSpacing: '0.04em', margin: '0 0 24px', textTransform: 'uppercase' as const },
  heading: { color: '#18181b', fontSize: '22px', lineHeight: '1.3', margin: '0 0 16px' },
  text: { color: '#3f3f46', fontSize: '15px', lineHeight: '1.6', margin: '0 0 14px' },
  button: { backgroundColor: '#4338ca', borderRadius: '6px', color: '#ffffff', display: 'inline-block', fontSize: '15px', fontWeight: 600, padding: '12px 20px', textDecoration: 'none' },
  small: { color: '#71717a', fontSize: '12px', lineHeight: '1.5', margin: '0 0 6px' },
};

export function Layout({ context, preview, heading, children, action }: { context: MailContext; preview: string; heading: string; children: ReactNode; action?: { label: string; href: string } }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          {context.logo ? <Img src={`cid:${LOGO_CID}`} alt={context.saleName} height="40" style={{ height: '40px', margin: '0 0 12px', width: 'auto' }} /> : null}
          <Text style={styles.brand}>{context.saleName}</Text>
          <Heading as="h1" style={styles.heading}>
            {heading}
          </Heading>
          {children}
          {action ? (
            <Section style={{ margin: '24px 0' }}>
              <Button href={action.href} style={styles.button}>
                {action.label}
              </Button>
              <Text style={styles.small}>Or paste this link into your browser: {action.href}</Text>
            </Section>
          ) : null}
          <Hr style={{ borderColor: '#e4e4e7', margin: '24px 0 16px' }} />
          <Text style={styles.small}>
            {context.saleName} · {context.publicUrl}
          </Text>
          {context.supportContact ? <Text style={styles.small}>Questions? Contact {context.supportContact}.</Text> : null}
        </Container>
      </Body>
    </Html>
  );
}

/**
 * "Hello Ada," to an address the buyer proved; "Hello," otherwise (`name` null or empty): a name
 * typed at registration is not mailed to an address nobody has shown to be theirs.
 */
export function Greeting({ name }: { name: string | null }) {
  return <Text style={styles.text}>{name ? `Hello ${name},` : 'Hello,'}</Text>;
}

/** One labelled line of a message's details ("Order: P-…"). */
export function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Text style={{ ...styles.text, margin: '0 0 6px' }}>
      <strong>{label}:</strong> {value}
    </Text>
  );
}

export async function rendered(subject: string, element: ReactNode): Promise<RenderedMail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
