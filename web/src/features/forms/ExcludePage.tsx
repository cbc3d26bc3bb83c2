import { communityKo } from '../../i18n/community';
import { FormFooter } from '../../ui/FormFooter';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { formsApi } from './forms-api';
import { useFormSubmission } from './use-form-submission';
import '../boards/boards.css';

const t = communityKo.exclude;
const EMPTY = { nickname: '', clanName: '', reason: '', proof: '' };

/**
 * /sal-board/exclude: nickname, clan name, reason and optional proof, with the notes of
 * docs/product/forms.md#exclusion-form (once per 3 hours per nickname or IP; clan masters only). Messages: the server's
 * message, else sent/failed/network texts.
 */
export default function ExcludePage() {
  useDocumentTitle(t.title);
  const { input, set, sending, problem, handleSubmit } = useFormSubmission({
    empty: EMPTY,
    validate: (value) => {
      const missing = !value.nickname.trim() ? t.nickname : !value.clanName.trim() ? t.clanName : !value.reason.trim() ? t.reason : null;
      return missing && t.required(missing);
    },
    send: formsApi.exclude,
    texts: { sent: t.received, failed: t.sendFailed, network: t.network },
  });

  return (
    <section className="form-page">
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <ul className="form-page__notes">
        <li>{t.noteOncePer3Hours}</li>
        <li>{t.noteMastersOnly}</li>
      </ul>
      <form className="board-form" onSubmit={handleSubmit} noValidate>
        <label className="board-form__field">
          <span>{t.nickname}</span>
          <input value={input.nickname} required maxLength={40} onChange={(event) => set('nickname')(event.target.value)} />
        </label>
        <label className="board-form__field">
          <span>{t.clanName}</span>
          <input value={input.clanName} required maxLength={40} onChange={(event) => set('clanName')(event.target.value)} />
        </label>
        <label className="board-form__field">
          <span>{t.reason}</span>
          <textarea value={input.reason} required rows={5} maxLength={2000} onChange={(event) => set('reason')(event.target.value)} />
        </label>
        <label className="board-form__field">
          <span>{t.proof}</span>
          <input value={input.proof} placeholder={t.proofPlaceholder} maxLength={1000} onChange={(event) => set('proof')(event.target.value)} />
        </label>
        <FormFooter problem={problem} sending={sending} submitText={t.submit} sendingText={t.sending} />
      </form>
    </section>
  );
}
