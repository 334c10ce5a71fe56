import * as Data from "effect/Data";
import * as Either from "effect/Either";

export class SearchQueryError extends Data.TaggedError("SearchQueryError")<{
  readonly reason: "empty_query";
  readonly detail: string;
}> {
  override get message(): string {
    return this.detail;
  }
}

/** A search needs something to look for: an empty or blank query is the caller's error, not "no matches". */
export const checkSearchQuery = (query: string): Either.Either<string, SearchQueryError> =>
  query.trim().length === 0
    ? Either.left(new SearchQueryError({ reason: "empty_query", detail: "the search query is empty: give words or identifiers to look for" }))
    : Either.right(query);
