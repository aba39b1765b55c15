import { parseSupportContact } from '@/domain/support-contact';
import { useContent } from '@/web/api/first-screen';

/** The operator's support contact as a link with a short lead-in; nothing when none is set. */
export function SupportContact({ lead = 'Need help?', className }: { lead?: string; className?: string }) {
  const { data } = useContent();
  const contact = data ? parseSupportContact(data.supportContact) : null;
  if (!contact) return null;
  const via = contact.kind === 'email' ? 'Write to' : contact.kind === 'telegram' ? 'Message us on Telegram:' : 'Contact support:';
  return (
    <p className={className}>
      {lead} {via}{' '}
      <a href={contact.href} className="text-primary font-medium break-all underline-offset-4 hover:underline" {...(contact.kind === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
        {contact.label}
      </a>
    </p>
  );
}
