import type { Content } from '@/contracts/content';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/web/components/ui/accordion';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Section } from './section';

/** Single-open accordion with the first question open. */
export function Faq({ items }: { items: Content['faq'] | undefined }) {
  return (
    <Section id="faq" title="FAQ" intro="Answers to the questions buyers ask most.">
      <div className="mx-auto max-w-3xl">
        {items ? (
          <Accordion type="single" collapsible defaultValue="faq-0" className="bg-card rounded-lg border px-4">
            {items.map((item, i) => (
              <AccordionItem key={item.question} value={`faq-${i}`}>
                <AccordionTrigger className="text-base">{item.question}</AccordionTrigger>
                <AccordionContent className="text-muted-foreground leading-6">{item.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        ) : (
          <Skeleton className="h-64" />
        )}
      </div>
    </Section>
  );
}
