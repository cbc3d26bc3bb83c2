import { FORM_LIMITS, type SuggestionBody, type SuggestionInboxResponse } from '../../contracts/forms.js';
import type { Database } from '../../db/client.js';
import { BadRequestError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { optionalText, readInboxPage, requiredText } from './form-text.js';

/** The e-mail shape the form accepts: something@host.tld, no spaces (docs/product/forms.md#suggestion-rules). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SuggestionServiceDeps {
  prisma: Database;
}

/** Suggestions sent to the operators (/suggest, docs/product/forms.md#suggestions) and the admins' reading of them. */
export function suggestionService({ prisma }: SuggestionServiceDeps) {
  async function submit(body: SuggestionBody): Promise<void> {
    const email = requiredText(body.email, FORM_LIMITS.emailMax, {
      missing: serverMessages.suggestEmailRequired,
      tooLong: serverMessages.suggestEmailInvalid,
    });
    if (!EMAIL_PATTERN.test(email)) throw new BadRequestError(serverMessages.suggestEmailInvalid, 'email_invalid');
    const content = requiredText(body.content, FORM_LIMITS.suggestionMax, {
      missing: serverMessages.suggestContentRequired,
      tooLong: serverMessages.suggestContentRequired,
    });
    const nickname = optionalText(body.nickname)?.slice(0, FORM_LIMITS.nicknameMax) ?? null;
    await prisma.suggestion.create({ data: { email, nickname, content } });
  }

  /** Newest first, keyset-paged by id. */
  async function inbox(cursor: string | undefined, limit: number): Promise<SuggestionInboxResponse> {
    return readInboxPage((query) => prisma.suggestion.findMany(query), cursor, limit, (row) => ({
      _id: String(row.id),
      email: row.email,
      nickname: row.nickname,
      content: row.content,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  return { submit, inbox };
}

export type SuggestionService = ReturnType<typeof suggestionService>;
