// Honest, neutral defaults for the operator-editable texts: no promises, no invented figures.
import { PAYMENT_METHODS_PLACEHOLDER, SUPPORT_CONTACT_PLACEHOLDER, type Content } from '@/contracts/content';
import { supportContactPhrase } from './support-contact';

function paymentsAnswer(cryptoNames: string[]): string {
  if (cryptoNames.length === 0) return 'Payment methods have not been set up yet. Check back soon.';
  return `You can pay with ${listOf(cryptoNames)}. The amount to send and the wallet address are shown when you place an order.`;
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

export function defaultContent(input: { tokenName: string; symbol: string }): Content {
  const { tokenName, symbol } = input;
  return {
    heroHeading: 'The future of digital currency!',
    heroSubheading: `The ${tokenName} (${symbol}) presale: create an account, choose a cryptocurrency and follow your order until it is confirmed.`,
    perks: [
      { title: 'Bonus tokens by level', text: 'Larger purchases reach higher levels and receive the bonus shown in the level table.' },
      { title: 'Clear order status', text: 'Every order shows its amount, wallet address and status, updated as soon as the payment is verified.' },
    ],
    faq: [
      {
        question: `How do I buy ${symbol}?`,
        answer: `Register, open Buy Token in your dashboard, enter the amount, choose a cryptocurrency and send the exact amount shown to the address shown. Your tokens are credited once the payment is verified.`,
      },
      { question: 'Which payment methods are accepted?', answer: PAYMENT_METHODS_PLACEHOLDER },
      {
        question: 'When will I receive my tokens?',
        answer: 'Purchased tokens appear in your dashboard balance once your payment is verified. Delivery to your own wallet follows the schedule published by the project.',
      },
      { question: 'Where can I get help?', answer: `Contact the project ${SUPPORT_CONTACT_PLACEHOLDER}. Include your order number.` },
    ],
    tokenomics: [],
    privacyMarkdown: DEFAULT_PRIVACY,
    termsMarkdown: DEFAULT_TERMS,
    documents: [],
    howToBuy: [
      {
        title: 'Buying with cryptocurrency',
        steps: [
          'Sign in and open Buy Token.',
          `Enter how many ${symbol} you want, or how much you want to pay.`,
          'Choose the cryptocurrency you pay with and check the amount and address.',
          'Send exactly the amount shown to the address shown, from a wallet you control.',
          'Follow the order page: it changes to approved once the payment is verified.',
        ],
      },
    ],
    binanceVideoUrl: null,
    supportContact: '',
  };
}

const DEFAULT_PRIVACY = `# Privacy policy

We keep the data you give us to run your account and your orders: your name, e-mail address,
phone number (optional), your orders and their payment details.

- Your password is stored only as a one-way hash.
- We use a cookie to keep you signed in. Analytics cookies are set only if you accept them.
- We do not sell your data. We share it only where the law requires it.

To correct or delete your data, contact the project team.`;

const DEFAULT_TERMS = `# Sale terms and risk disclosure

Buying tokens in a presale carries risk. Read this before you buy.

- Token prices can fall as well as rise; you may lose all of the money you pay.
- Tokens may not be listed on any exchange, and listing dates can change.
- Cryptocurrency payments cannot be reversed. Send exactly the amount shown to the address shown.
- An order is credited only after its payment has been verified by the sale operator.
- Buying may be restricted where you live. You are responsible for complying with your local laws.

Nothing on this site is financial advice.`;

/** The public content: placeholders in FAQ answers become the offered cryptos and the support contact. */
export function resolveContent(content: Content, cryptoNames: string[]): Content {
  const payments = paymentsAnswer(cryptoNames);
  const support = supportContactPhrase(content.supportContact);
  return {
    ...content,
    faq: content.faq.map((item) => ({ ...item, answer: item.answer.split(PAYMENT_METHODS_PLACEHOLDER).join(payments).split(SUPPORT_CONTACT_PLACEHOLDER).join(support) })),
  };
}
