import { type ActivityActor, SYSTEM_ACTOR } from "#domain/activity-log";
import { requestContext } from "./logger";

// Who acts, for the activity log (decision 0077). A request's actor is noted in its context once
// its business is known (requireBusiness): the member of the session, or the API key. Work outside
// a request (the jobs: recurring invoices, reminders, mail) is the system's.

/** Notes the request's actor; outside a request it does nothing. */
export function noteActor(actor: ActivityActor): void {
  const store = requestContext.getStore();
  if (store) store.actor = actor;
}

/** The actor of the request being served, or the system outside one. */
export function currentActor(): ActivityActor {
  return requestContext.getStore()?.actor ?? SYSTEM_ACTOR;
}

/**
 * Runs `work` as the system: a job started while a request was served (its timers and promises
 * carry that request's context along) must not be recorded as that request's member.
 */
export function asSystem<T>(work: () => T): T {
  const store = requestContext.getStore();
  return store ? requestContext.run({ reqId: store.reqId }, work) : work();
}
