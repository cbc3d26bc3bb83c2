import { communityKo } from '../../i18n/community';
import { FormFooter } from '../../ui/FormFooter';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { formsApi } from './forms-api';
import { useFormSubmission } from './use-form-submission';
import '../boards/boards.css';

const t = communityKo.suggest;
const EMPTY = { email: '', nickname: '', content: '' };

/** /suggest: e-mail (required, for the reply), optional nickname and content; the button says when it is sending. */
export default function SuggestPage() {
  useDocumentTitle(t.title);
  const { input, set, sending, problem, handleSubmit } = useFormSubmission({
    empty: EMPTY,
    validate: (value) => (!value.email.trim() ? t.emailRequired : !value.content.trim() ? t.contentRequired : null),
    send: (value) => formsApi.suggest({ ...value, email: value.email.trim() }),
    texts: { sent: t.sent, failed: t.failed, network: t.network },
  });

  return (
    <section className="form-page">
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <form className="board-form" onSubmit={handleSubmit} noValidate>
        <label className="board-form__field">
          <span>{t.email}</span>
          <input type="email" value={input.email} required placeholder={t.emailPlaceholder} maxLength={254}
            onChange={(event) => set('email')(event.target.value)} />
        </label>
        <label className="board-form__field">
          <span>{t.nickname}</span>
          <input value={input.nickname} maxLength={20} onChange={(event) => set('nickname')(event.target.value)} />
        </label>
        <label className="board-form__field">
          <span>{t.content}</span>
          <textarea value={input.content} required rows={8} maxLength={5000} onChange={(event) => set('content')(event.target.value)} />
        </label>
        <FormFooter problem={problem} sending={sending} submitText={t.submit} sendingText={t.sending} />
      </form>
    </section>
  );
}
