import { Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/runners";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError, SelectField } from "~/components/ui/field";
import { useSubmitting } from "~/components/ui/use-submitting";
import { SaveOrCancel, useSchemaCheck, useScrollIntoViewOnOpen } from "~/routes/admin/+shared/form-parts";
import { ShowToast } from "~/components/ui/toast";
import { getHorse, listHorses, type Horse } from "~/models/horse.server";
import {
  createRunner,
  deleteRunner,
  listAwaitingResults,
  listRecentResults,
  listUpcomingRunners,
  RaceNotRunError,
  recordResult,
  updateRunner,
  type Runner,
} from "~/models/runner.server";
import {
  deleteToTrash,
  ITEM_DELETED,
  failed,
  fetchFailed,
  invalid,
  type AdminActionData,
} from "~/routes/admin/+shared/admin-actions.server";
import {
  DID_NOT_FINISH,
  fieldErrors,
  PRIZE_HINT,
  resultSchema,
  runnerEditSchema,
  runnerSchema,
} from "~/routes/admin/+shared/admin-forms";
import { adminAction, discardImage } from "~/routes/admin/+shared/admin-upload.server";
import type { AdminForm, FailureTexts } from "~/routes/admin/+shared/admin-upload.server";
import { requireAdmin } from "~/auth/auth.server";
import { formatAmount, formatDanishDate, formatPrize, orFallback } from "~/utils/format";
import { danishToday, resultText } from "~/utils/race-day";
import { redirectWithToast } from "~/utils/toast.server";
import type { Toast } from "~/utils/toast";

const TAB = "/admin/runners";
const RECENT_RESULTS = 20;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const today = danishToday();
  const [runners, horses] = await Promise.all([
    Promise.all([listUpcomingRunners(today), listAwaitingResults(today), listRecentResults(RECENT_RESULTS)]).then(
      ([upcoming, awaiting, results]) => ({ upcoming, awaiting, results, error: null as Toast | null }),
      (error: unknown) => ({
        upcoming: [] as Runner[],
        awaiting: [] as Runner[],
        results: [] as Runner[],
        error: fetchFailed("Failed to fetch runners", error),
      }),
    ),
    listHorses().then(
      (list) => ({ list, error: null as Toast | null }),
      (error: unknown) => ({ list: [] as Horse[], error: fetchFailed("Failed to fetch horses", error) }),
    ),
  ]);
  return {
    today,
    upcoming: runners.upcoming,
    awaiting: runners.awaiting,
    results: runners.results,
    horses: horses.list.map((h) => ({ id: h.id, name: h.name })),
    fetchError: runners.error ?? horses.error,
  };
}

const FAILED = {
  create: "Failed to add runner",
  update: "Failed to update runner",
  result: "Failed to record result",
  delete: "Failed to delete runner",
  other: "Failed to update runner",
} satisfies FailureTexts;

export async function action({ request }: Route.ActionArgs) {
  return adminAction(request, FAILED, {
    create: ({ values }) => saveRunner("create", values),
    update: ({ values }) => saveRunner("update", values),
    result: ({ values }) => saveResult(values),
    delete: removeRunner,
  });
}

async function saveRunner(intent: "create" | "update", values: Record<string, string>) {
  const failure = FAILED[intent];
  const parsed = (intent === "create" ? runnerSchema : runnerEditSchema).safeParse(values);
  if (!parsed.success) return invalid(intent, values, fieldErrors(parsed.error));
  const fields = parsed.data;
  try {
    if (!(await getHorse(fields.horseId))) return invalid(intent, values, { horseId: "Choose a horse from the list" });
    if (intent === "create") {
      await createRunner(fields);
    } else {
      const saved = await updateRunner(values.id ?? "", fields);
      if (!saved) return failed(intent, values, failure, undefined, 404);
      await discardImage(saved.droppedPhotoUrl);
    }
  } catch (error) {
    return failed(intent, values, failure, error);
  }
  return intent === "create"
    ? redirectWithToast(TAB, {
        type: "success",
        title: "Runner Added",
        description: `${fields.raceName} has been added to the runners.`,
      })
    : redirectWithToast(TAB, { type: "success", title: "Runner Updated", description: "The runner has been saved." });
}

async function saveResult(values: Record<string, string>) {
  const parsed = resultSchema.safeParse(values);
  if (!parsed.success) return invalid("result", values, fieldErrors(parsed.error));
  const { id, position, prize } = parsed.data;
  try {
    const saved = await recordResult(id, { ...position, prizeOre: prize }, danishToday());
    if (!saved) return failed("result", values, FAILED.result, undefined, 404);
    await discardImage(saved.droppedPhotoUrl);
  } catch (error) {
    if (error instanceof RaceNotRunError) {
      return invalid("result", values, { position: "The race has not been run yet" }, error.message);
    }
    return failed("result", values, FAILED.result, error);
  }
  return redirectWithToast(TAB, {
    type: "success",
    title: "Result Recorded",
    description: "The result has been saved to the horse's record.",
  });
}

async function removeRunner(form: AdminForm) {
  // A win's victory photo stays until the trash entry is purged, so that Undo brings it back.
  return deleteToTrash(form, FAILED.delete, deleteRunner, {
    tab: TAB,
    ...ITEM_DELETED,
  });
}

type HorseOption = { id: string; name: string };

export default function RunnersTab({ loaderData, actionData }: Route.ComponentProps) {
  const { today, upcoming, awaiting, results, horses, fetchError } = loaderData;
  const [params] = useSearchParams();
  const all = [...upcoming, ...awaiting, ...results];
  const editing = all.find((r) => r.id === params.get("edit"));
  const recording = all.find((r) => r.id === params.get("result") && r.raceDate <= today);
  const result = actionData as AdminActionData | undefined;

  return (
    <div className="space-y-8">
      <ShowToast toast={fetchError} />
      <ShowToast toast={result?.toast} />
      <Card title="Add Runner" titleId="add-runner">
        <RunnerForm
          key={all.map((r) => r.id).join(",")}
          intent="create"
          titleId="add-runner"
          horses={horses}
          result={result?.intent === "create" ? result : undefined}
        />
      </Card>
      {editing ? (
        <EditPanel key={`edit-${editing.id}`} openKey={editing.id} title="Edit Runner" titleId="edit-runner">
          <RunnerForm
            intent="update"
            titleId="edit-runner"
            runner={editing}
            horses={horses}
            result={result?.intent === "update" && result.id === editing.id ? result : undefined}
          />
        </EditPanel>
      ) : null}
      {recording ? (
        <EditPanel key={`result-${recording.id}`} openKey={recording.id} title="Record Result" titleId="record-result">
          <ResultForm
            runner={recording}
            result={result?.intent === "result" && result.id === recording.id ? result : undefined}
          />
        </EditPanel>
      ) : null}
      <RunnerList
        title="Upcoming Runners"
        titleId="upcoming-runners"
        empty="No upcoming runners. Add the next one above."
        runners={upcoming}
        today={today}
        fetchError={fetchError}
      />
      <RunnerList
        title="Awaiting Results"
        titleId="awaiting-results"
        empty="No runners are waiting for a result."
        runners={awaiting}
        today={today}
        fetchError={fetchError}
      />
      <RunnerList
        title="Recent Results"
        titleId="recent-results"
        empty="No results recorded yet."
        runners={results}
        today={today}
        fetchError={fetchError}
      />
    </div>
  );
}

function EditPanel({
  openKey,
  title,
  titleId,
  children,
}: {
  openKey: string;
  title: string;
  titleId: string;
  children: React.ReactNode;
}) {
  const ref = useScrollIntoViewOnOpen(openKey);
  return (
    <div ref={ref} className="scroll-mt-24">
      <Card title={title} titleId={titleId} className="border-gold-400 ring-1 ring-gold-300">
        {children}
      </Card>
    </div>
  );
}

function RunnerList({
  title,
  titleId,
  empty,
  runners,
  today,
  fetchError,
}: {
  title: string;
  titleId: string;
  empty: string;
  runners: Runner[];
  today: string;
  fetchError: Toast | null;
}) {
  return (
    <Card title={title} titleId={titleId}>
      {fetchError ? (
        <FormError message={fetchError.description} />
      ) : runners.length === 0 ? (
        <p className="text-stone-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {runners.map((runner) => (
            <RunnerRow key={runner.id} runner={runner} today={today} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function RunnerRow({ runner, today }: { runner: Runner; today: string }) {
  const deleting = useSubmitting("delete", runner.id);
  const label = `${runner.raceName} (${runner.horseName})`;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1 text-sm">
        <p className="text-base font-semibold text-stone-900">{runner.horseName}</p>
        <p className="text-stone-800">{runner.raceName}</p>
        <p className="text-stone-700">
          {formatDanishDate(runner.raceDate)}
          {runner.postTime ? ` ${runner.postTime}` : ""} · {orFallback(runner.track, "Unknown Track")}
          {runner.distance ? ` · ${runner.distance}` : ""}
        </p>
        <p className="text-stone-700">Jockey: {orFallback(runner.jockey, "Unknown Jockey")}</p>
        {runner.result ? (
          <p className="font-medium text-brand-700">
            {resultText(runner.result)} · {formatPrize(runner.result.prizeOre, "No prize")}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {runner.raceDate <= today ? (
          <Link
            to={`?result=${runner.id}`}
            preventScrollReset
            className={buttonClass.small}
            aria-label={`Record Result: ${label}`}
          >
            Record Result
          </Link>
        ) : null}
        <Link to={`?edit=${runner.id}`} preventScrollReset className={buttonClass.small} aria-label={`Edit ${label}`}>
          Edit
        </Link>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={runner.id} />
          <button type="submit" className={buttonClass.danger} disabled={deleting} aria-label={`Delete ${label}`}>
            {deleting ? "Deleting..." : "Delete"}
          </button>
        </Form>
      </div>
    </li>
  );
}

function RunnerForm({
  intent,
  titleId,
  runner,
  horses,
  result,
}: {
  intent: "create" | "update";
  titleId: string;
  runner?: Runner;
  horses: HorseOption[];
  result: AdminActionData | undefined;
}) {
  const { errors, onSubmit } = useSchemaCheck(intent === "create" ? runnerSchema : runnerEditSchema, result?.errors);
  const submitting = useSubmitting(intent, runner?.id);
  const v = result?.values;
  const val = (name: string, fallback: string | null | undefined) => v?.[name] ?? fallback ?? "";
  return (
    <Form method="post" aria-labelledby={titleId} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value={intent} />
      {runner ? <input type="hidden" name="id" value={runner.id} /> : null}
      <SelectField
        label="Horse"
        name="horseId"
        required
        defaultValue={val("horseId", runner?.horseId)}
        error={errors.horseId}
      >
        <option value="">Select a horse</option>
        {horses.map((h) => (
          <option key={h.id} value={h.id}>
            {h.name}
          </option>
        ))}
      </SelectField>
      <Field
        label="Race Name"
        name="raceName"
        required
        maxLength={200}
        defaultValue={val("raceName", runner?.raceName)}
        error={errors.raceName}
      />
      <Field
        label="Race Date"
        name="raceDate"
        type="date"
        required
        defaultValue={val("raceDate", runner?.raceDate)}
        error={errors.raceDate}
      />
      <Field
        label="Post Time"
        name="postTime"
        type="time"
        hint="Danish time. Leave it empty until the time is known."
        defaultValue={val("postTime", runner?.postTime)}
        error={errors.postTime}
      />
      <Field
        label="Track"
        name="track"
        maxLength={200}
        defaultValue={val("track", runner?.track)}
        error={errors.track}
      />
      <Field
        label="Distance"
        name="distance"
        maxLength={100}
        placeholder="e.g. 2400 m"
        defaultValue={val("distance", runner?.distance)}
        error={errors.distance}
      />
      <Field
        label="Jockey"
        name="jockey"
        maxLength={200}
        defaultValue={val("jockey", runner?.jockey)}
        error={errors.jockey}
      />
      <SaveOrCancel
        submitting={submitting}
        cancelTo={TAB}
        addLabel={intent === "create" ? "Add Runner" : undefined}
        className="flex gap-2 sm:col-span-2"
      />
    </Form>
  );
}

const POSITIONS = Array.from({ length: 30 }, (_, i) => i + 1);

function ResultForm({ runner, result }: { runner: Runner; result: AdminActionData | undefined }) {
  const { errors, onSubmit } = useSchemaCheck(resultSchema, result?.errors);
  const submitting = useSubmitting("result", runner.id);
  const v = result?.values;
  const recorded = runner.result;
  const shownPosition = recorded ? (recorded.didNotFinish ? DID_NOT_FINISH : String(recorded.position)) : "";
  const shownPrize = recorded?.prizeOre != null ? formatAmount(recorded.prizeOre) : "";
  return (
    <Form method="post" aria-labelledby="record-result" onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <p className="text-sm text-stone-700 sm:col-span-2">
        {runner.horseName} · {runner.raceName} · {formatDanishDate(runner.raceDate)}
      </p>
      <input type="hidden" name="intent" value="result" />
      <input type="hidden" name="id" value={runner.id} />
      <SelectField
        label="Position"
        name="position"
        required
        defaultValue={v?.position ?? shownPosition}
        error={errors.position}
      >
        <option value="">Select the position</option>
        {POSITIONS.map((p) => (
          <option key={p} value={String(p)}>
            {p}
          </option>
        ))}
        <option value={DID_NOT_FINISH}>Did not finish</option>
      </SelectField>
      <Field
        label="Prize Money (DKK)"
        name="prize"
        inputMode="decimal"
        maxLength={40}
        placeholder="e.g. 125.000,50"
        hint={`${PRIZE_HINT}. A win is added to the victories; any prize is added to the horse's total prize money.`}
        defaultValue={v?.prize ?? shownPrize}
        error={errors.prize}
      />
      <SaveOrCancel submitting={submitting} cancelTo={TAB} label="Save Result" className="flex gap-2 sm:col-span-2" />
    </Form>
  );
}
