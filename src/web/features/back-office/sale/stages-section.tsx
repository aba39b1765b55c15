// The Stages section of the Sale page (issue 30): the stages in sale order, each with its price,
// allocation and optional end. Closed stages are read-only; a stage with sales keeps its price; only
// stages after the current one move or go. Saving and "End stage now" set what buyers pay, so the
// server asks for the password again (step-up) and the shell's dialog takes it.
import { useState } from 'react';
import { useFieldArray, useWatch, type Path } from 'react-hook-form';
import { z } from 'zod';
import { stagesBodySchema, type AdminStage, type Stages, type StagesBody } from '@/contracts/sale';
import { MAX_STAGES, stageWarnings } from '@/domain/stages';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useEndStage, useSaveStages } from '@/web/api/sale';
import { Can } from '@/web/features/back-office/shell/can';
import { useServerForm } from '@/web/hooks/use-server-form';
import { errorMessage } from '@/web/lib/api-client';
import { formatAmount, formatDateTime, formatUsdPrice } from '@/web/lib/format';
import { toast } from '@/web/lib/toast';
import { fromLocalInput, toLocalInput } from './local-time';

interface StageRowValues {
  /** The stored stage's id; absent for one added here (not `id`, which the field array keeps for its own keys). */
  stageId?: number;
  name: string;
  priceUsd: string;
  allocation: string;
  /** A datetime-local value in the operator's zone; '' for no end. */
  endsAt: string;
}
interface StagesFormValues {
  stages: StageRowValues[];
  unsoldStageTokens: StagesBody['unsoldStageTokens'];
}

const STAGE_FIELDS = ['name', 'priceUsd', 'allocation', 'endsAt'] as const;
/** Every field a server message can name: each stage's, the list's, and the unsold-tokens choice. */
function fieldNames(count: number): Path<StagesFormValues>[] {
  const perStage = Array.from({ length: count }, (_, i) => STAGE_FIELDS.map((f): Path<StagesFormValues> => `stages.${i}.${f}`));
  return ['stages', 'unsoldStageTokens', ...perStage.flat()];
}

// The inputs hold local times; the schema and the server speak ISO instants.
const stagesFormSchema = z
  .custom<StagesFormValues>()
  .transform((values) => ({
    unsoldStageTokens: values.unsoldStageTokens,
    stages: values.stages.map(({ stageId, endsAt, ...stage }) => ({ ...(stageId === undefined ? {} : { id: stageId }), ...stage, endsAt: endsAt ? fromLocalInput(endsAt) : null })),
  }))
  .pipe(stagesBodySchema);

function toForm(stages: readonly AdminStage[], unsoldStageTokens: StagesBody['unsoldStageTokens']): StagesFormValues {
  return { stages: stages.map((s) => ({ stageId: s.id, name: s.name, priceUsd: s.priceUsd, allocation: s.allocation, endsAt: toLocalInput(s.endsAt) })), unsoldStageTokens };
}

/** A value the operator can no longer change looks it. */
const fixedInput = 'bg-muted text-muted-foreground';

const STATE_LABEL = { closed: 'Closed', current: 'Current', upcoming: 'Upcoming' } as const;
const CLOSE_REASON = { sold_out: 'sold out', ended: 'ended', ended_early: 'ended early' } as const;

export function StagesSection({ stages, unsoldStageTokens, symbol }: { stages: AdminStage[]; unsoldStageTokens: StagesBody['unsoldStageTokens']; symbol: string }) {
  const save = useSaveStages();
  const [saved, setSaved] = useState<Stages | null>(null);
  const current = saved ?? { stages, unsoldStageTokens };
  const byId = new Map(current.stages.map((s) => [s.id, s]));
  // Stages up to the current one (and every closed one) stay where they are.
  const fixedCount = current.stages.findLastIndex((s) => s.state !== 'upcoming') + 1;

  const {
    register,
    control,
    onSubmit,
    reset,
    formState: { errors, isDirty },
  } = useServerForm({
    schema: stagesFormSchema,
    defaultValues: toForm(stages, unsoldStageTokens),
    fields: fieldNames(MAX_STAGES + 1),
    submit: (body) => save.mutateAsync(body),
    successToast: 'Stages saved',
    errorToast: { fallback: 'Failed to save the stages.', unlessShownAtFields: true },
    onSuccess: (result, { form }) => {
      setSaved(result);
      form.reset(toForm(result.stages, result.unsoldStageTokens));
    },
  });
  const { fields, append, remove, move } = useFieldArray({ control, name: 'stages' });
  const watched = useWatch({ control, name: 'stages' });
  const warnings = stageWarnings(watched);
  const listError = errors.stages?.root?.message ?? errors.stages?.message;
  const [ending, setEnding] = useState<AdminStage | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Stages</CardTitle>
        <p className="text-muted-foreground text-sm">
          Each stage sells its allocation at its price, in order, until it sells out or its end comes. The hard cap is the sum of the allocations. Times are in your time zone.
        </p>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Stages">
          {listError ? (
            <p role="alert" className="text-destructive text-sm">
              {listError}
            </p>
          ) : null}
          <ol className="grid gap-4">
            {fields.map((field, i) => {
              const stored = field.stageId === undefined ? undefined : byId.get(field.stageId);
              const closed = stored?.state === 'closed';
              const priceFixed = closed || stored?.hasSales === true;
              const movable = i >= fixedCount && !stored?.hasSales;
              const n = i + 1;
              const label = (text: string) => (
                <>
                  <span className="sr-only">Stage {n} </span>
                  {text}
                </>
              );
              const rowErrors = errors.stages?.[i];
              return (
                <li key={field.id} className="grid gap-3 rounded-md border p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">Stage {n}</span>
                    {stored ? (
                      <Badge variant={stored.state === 'current' ? 'success' : 'secondary'}>
                        {STATE_LABEL[stored.state]}
                        {stored.closeReason ? `, ${CLOSE_REASON[stored.closeReason]}` : ''}
                      </Badge>
                    ) : (
                      <Badge variant="outline">New</Badge>
                    )}
                    {stored ? (
                      <span className="text-muted-foreground text-sm">
                        Sold {formatAmount(stored.tokensSold)} {symbol} · Left {formatAmount(stored.tokensLeft)} {symbol}
                        {stored.closedAt ? ` · Closed ${formatDateTime(stored.closedAt)}` : ''}
                      </span>
                    ) : null}
                  </div>
                  {/* The end's date-and-time input needs more room than the others. */}
                  <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.4fr)]">
                    <FormField label={label('Name')} error={rowErrors?.name?.message} className="content-start">
                      <Input readOnly={closed} className={closed ? fixedInput : undefined} {...register(`stages.${i}.name`)} />
                    </FormField>
                    <FormField
                      label={label('Price (USD)')}
                      className="content-start"
                      error={rowErrors?.priceUsd?.message}
                      hint={warnings[`stages.${String(i)}.priceUsd`] ?? (stored?.hasSales && !closed ? 'Fixed: orders were priced at it.' : undefined)}
                    >
                      <Input inputMode="decimal" readOnly={priceFixed} className={priceFixed ? fixedInput : undefined} {...register(`stages.${i}.priceUsd`)} />
                    </FormField>
                    <FormField label={label('Allocation')} error={rowErrors?.allocation?.message} className="content-start">
                      <Input inputMode="decimal" readOnly={closed} className={closed ? fixedInput : undefined} {...register(`stages.${i}.allocation`)} />
                    </FormField>
                    <FormField label={label('Ends (optional)')} error={rowErrors?.endsAt?.message} className="content-start">
                      <Input type="datetime-local" readOnly={closed} className={closed ? fixedInput : undefined} {...register(`stages.${i}.endsAt`)} />
                    </FormField>
                  </div>
                  <Can need="manage">
                    <div className="flex flex-wrap gap-2">
                      {movable ? (
                        <>
                          <Button type="button" size="sm" variant="outline" disabled={i <= fixedCount} onClick={() => move(i, i - 1)} aria-label={`Move stage ${String(n)} up`}>
                            Move up
                          </Button>
                          <Button type="button" size="sm" variant="outline" disabled={i >= fields.length - 1} onClick={() => move(i, i + 1)} aria-label={`Move stage ${String(n)} down`}>
                            Move down
                          </Button>
                          <Button type="button" size="sm" variant="outline" onClick={() => remove(i)} aria-label={`Remove stage ${String(n)}`}>
                            Remove
                          </Button>
                        </>
                      ) : null}
                      {stored?.state === 'current' ? (
                        <Button type="button" size="sm" variant="destructive" onClick={() => setEnding(stored)}>
                          End stage now
                        </Button>
                      ) : null}
                    </div>
                  </Can>
                </li>
              );
            })}
          </ol>
          <fieldset className="grid gap-2 text-sm" aria-describedby={errors.unsoldStageTokens ? 'unsold-message' : undefined}>
            <legend className="mb-1 font-medium">Unsold tokens of a closed stage</legend>
            <label className="flex items-center gap-2">
              <input type="radio" value="roll_over" className="size-4" {...register('unsoldStageTokens')} />
              Roll into the next stage
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" value="leave" className="size-4" {...register('unsoldStageTokens')} />
              Leave unsold
            </label>
            {errors.unsoldStageTokens?.message ? (
              <p id="unsold-message" role="alert" className="text-destructive">
                {errors.unsoldStageTokens.message}
              </p>
            ) : null}
          </fieldset>
          <Can need="manage">
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                disabled={fields.length >= MAX_STAGES}
                onClick={() => {
                  const last = watched[watched.length - 1];
                  append({ name: `Stage ${String(fields.length + 1)}`, priceUsd: last?.priceUsd ?? '', allocation: '', endsAt: '' });
                }}
              >
                Add a stage
              </Button>
              <Button type="submit" disabled={save.isPending || !isDirty}>
                {save.isPending ? <Spinner /> : null}
                Save stages
              </Button>
              <Button type="button" variant="outline" disabled={!isDirty} onClick={() => reset(toForm(current.stages, current.unsoldStageTokens))}>
                Discard changes
              </Button>
            </div>
          </Can>
        </form>
        <EndStageDialog
          stage={ending}
          unsold={current.unsoldStageTokens}
          symbol={symbol}
          onClose={() => setEnding(null)}
          onEnded={(result) => {
            setSaved(result);
            reset(toForm(result.stages, result.unsoldStageTokens));
          }}
        />
      </CardContent>
    </Card>
  );
}

/** Confirms "End stage now", naming the stage and what happens to what it did not sell. */
function EndStageDialog({
  stage,
  unsold,
  symbol,
  onClose,
  onEnded,
}: {
  stage: AdminStage | null;
  unsold: StagesBody['unsoldStageTokens'];
  symbol: string;
  onClose: () => void;
  onEnded: (result: Stages) => void;
}) {
  const end = useEndStage();
  const left = stage ? `${formatAmount(stage.tokensLeft)} ${symbol}` : '';
  const fate = unsold === 'roll_over' ? `roll into the next stage` : `stay unsold`;
  return (
    <Dialog open={stage !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>End {stage ? `stage ${String(stage.number)}, ${stage.name},` : ''} now?</DialogTitle>
          <DialogDescription>
            It stops selling at once at {stage ? formatUsdPrice(stage.priceUsd) : ''}. Its {left} not yet sold {fate}, and the next stage opens at its price.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={end.isPending}
            onClick={() => {
              if (!stage) return;
              end.mutate(stage.id, {
                onSuccess: (result) => {
                  toast.success(`Stage ${String(stage.number)} ended`);
                  onEnded(result);
                  onClose();
                },
                onError: (error) => toast.error(errorMessage(error, 'Failed to end the stage.')),
              });
            }}
          >
            {end.isPending ? <Spinner /> : null}
            End stage
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
