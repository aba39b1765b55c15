// The e-mails Presale sends, as React Email components: one layout (the sale's name, a heading, the
// message, an optional button, the footer) rendered to an HTML part and a plain-text part. React
// escapes every value it renders, so a buyer's name cannot inject markup.
import { Body, Button, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { ReactNode } from 'react';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What every message knows: the sale it is from and where the app lives. */
export interface MailContext {
  saleName: string;
  publicUrl: string;
  supportContact: string;
}

const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', margin: '0 auto', maxWidth: '560px', padding: '32px 28px' },
  brand: { color: '#4338ca', fontSize: '14px', fontWeight: 700, letterSpacing: '0.04em', margin: '0 0 24px', textTransform: 'uppercase' as const },
  heading: { color: '#18181b', fontSize: '22px', lineHeight: '1.3', margin: '0 0 16px' },
  text: { color: '#3f3f46', fontSize: '15px', lineHeight: '1.6', margin: '0 0 14px' },
  button: { backgroundColor: '#4338ca', borderRadius: '6px', color: '#ffffff', display: 'inline-block', fontSize: '15px', fontWeight: 600, padding: '12px 20px', textDecoration: 'none' },
  small: { color: '#71717a', fontSize: '12px', lineHeight: '1.5', margin: '0 0 6px' },
};

function Layout({ context, preview, heading, children, action }: { context: MailContext; preview: string; heading: string; children: ReactNode; action?: { label: string; href: string } }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
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

async function rendered(subject: string, element: ReactNode): Promise<RenderedMail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}

export function passwordResetMail(context: MailContext, name: string, link: string, validMinutes: number): Promise<RenderedMail> {
  return rendered(
    `Reset your ${context.saleName} password`,
    <Layout context={context} preview="A link to set a new password" heading="Reset your password" action={{ label: 'Set a new password', href: link }}>
      <Text style={styles.text}>Hello {name},</Text>
      <Text style={styles.text}>
        Someone asked to reset the password of your {context.saleName} account. The link below works once, for {validMinutes} minutes.
      </Text>
      <Text style={styles.text}>If it was not you, ignore this message: your password stays as it is.</Text>
    </Layout>,
  );
}

export function passwordChangedMail(context: MailContext, name: string, signInLink: string): Promise<RenderedMail> {
  return rendered(
    `Your ${context.saleName} password was changed`,
    <Layout context={context} preview="Your password was changed" heading="Your password was changed" action={{ label: 'Sign in', href: signInLink }}>
      <Text style={styles.text}>Hello {name},</Text>
      <Text style={styles.text}>The password of your {context.saleName} account was just changed, and every session was signed out.</Text>
      <Text style={styles.text}>If you did not do this, reset your password at once and contact us.</Text>
    </Layout>,
  );
}
