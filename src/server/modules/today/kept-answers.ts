/*
 * The Today answers this server instance keeps, one per person, with the day they were built for and
 * the row versions they were built from (docs/decisions/013-api-cost.md, "Today's answer is kept");
 * Upcoming keeps its answers the same way, one per person and range (a key of both).
 * The database says on every read whether those rows still stand (today.repo.ts); the instance only
 * remembers. Bounded by the characters kept: the person read longest ago is forgotten first.
 */

/** `version`: the row versions the answer was built from, as the Today statement writes them. */
export type KeptAnswer = { day: string; version: string; body: string };

export type KeptAnswers = {
  /** The answer kept for this person and day, if any (and it becomes the most recently used). */
  find(userId: string, day: string): KeptAnswer | undefined;
  keep(userId: string, answer: KeptAnswer): void;
};

/**
 * Whether a request's `Cache-Control` asks for the list to be built whatever is kept
 * (docs/product.md#entities-and-fields; `npm run bench` measures both ways).
 */
export function asksForNoCache(cacheControl: string | undefined): boolean {
  return cacheControl?.toLowerCase().includes('no-cache') ?? false;
}

/** 16 Mi characters of JSON per instance (16-32 MiB as V8 stores them): hundreds of Today lists. */
export const KEPT_CHARACTERS = 16 * 1024 * 1024;

export function keptAnswers(limit = KEPT_CHARACTERS): KeptAnswers {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const answers = new Map<string, KeptAnswer>();
  let characters = 0;

  const forget = (userId: string) => {
    const old = answers.get(userId);
    if (!old) return;
    answers.delete(userId);
    characters -= old.body.length;
  };

  return {
    find(userId, day) {
      const answer = answers.get(userId);
      if (!answer || answer.day !== day) return undefined;
      answers.delete(userId);
      answers.set(userId, answer);
      return answer;
    },
    keep(userId, answer) {
      forget(userId);
      if (answer.body.length > limit) return;
      answers.set(userId, answer);
      characters += answer.body.length;
      for (const oldest of answers.keys()) {
        if (characters <= limit) break;
        forget(oldest);
      }
    },
  };
}
