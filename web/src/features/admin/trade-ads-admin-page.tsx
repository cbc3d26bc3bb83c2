import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { tradeKo } from '../../i18n/trade';
import { selectIsAdmin, useSessionStore } from '../../stores/session';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { failureStatus, tradeFailureText } from '../trade/api/trade-errors';
import { tradeKeys } from '../trade/api/trade-keys';
import type { VendorAd } from '../trade/api/trade-types';
import '../trade/trade.css';
import { tradeAdminApi, type AdForm } from './trade-admin-api';

const t = tradeKo.adminAds;

const EMPTY_FORM: AdForm = { name: '', email: '', description: '', bannerUrl: '', openChatUrl: '', tags: [], isActive: true };

const formOf = (ad: VendorAd): AdForm => ({
  name: ad.name, email: ad.email, description: ad.description, bannerUrl: ad.bannerUrl, openChatUrl: ad.openChatUrl,
  tags: ad.tags, isActive: ad.isActive,
});

/** The banner picker: uploads the chosen image and hands back its served address. */
function BannerUpload({ onUploaded }: { onUploaded(url: string): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => tradeAdminApi.uploadBanner(chosen),
    onSuccess: (answer) => {
      setMessage(t.uploaded);
      onUploaded(answer.url);
    },
    onError: (error) => setMessage(failureStatus(error) === 0 ? t.uploadRequestFailed : tradeFailureText(error, t.uploadFailed)),
  });
  const handleUpload = () => {
    if (!file) {
      setMessage(t.selectImage);
      return;
    }
    upload.mutate(file);
  };
  return (
    <div className="trade-field">
      <span>{t.bannerFile}</span>
      <div className="trade-admin__upload">
        <input type="file" accept="image/png,image/jpeg,image/webp,image/gif" aria-label={t.bannerFile}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        <button type="button" className="button" disabled={upload.isPending} onClick={handleUpload}>
          {upload.isPending ? t.uploading : t.upload}
        </button>
      </div>
      {message && <span className="muted" role="status">{message}</span>}
    </div>
  );
}

/** The create/edit form of one ad. */
function AdEditor({ ad, onDone }: { ad?: VendorAd; onDone(): void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<AdForm>(ad ? formOf(ad) : EMPTY_FORM);
  const [tagsText, setTagsText] = useState(form.tags.join(', '));
  const [message, setMessage] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const body = { ...form, tags: tagsText.split(',').map((tag) => tag.trim()).filter(Boolean) };
      return ad ? tradeAdminApi.updateAd(ad._id, body) : tradeAdminApi.createAd(body);
    },
    onSuccess: async () => {
      setMessage(ad ? t.updatedOk : t.registered);
      await queryClient.invalidateQueries({ queryKey: tradeKeys.adminAds() });
      await queryClient.invalidateQueries({ queryKey: tradeKeys.ads() });
      if (!ad) {
        setForm(EMPTY_FORM);
        setTagsText('');
      }
      onDone();
    },
    onError: (error) => setMessage(tradeFailureText(error, ad ? t.updateFailed : t.registrationFailed)),
  });
  const field = (key: 'name' | 'email' | 'openChatUrl', label: string) => (
    <label className="trade-field">
      <span>{label}</span>
      <input value={form[key]} onChange={(event) => setForm({ ...form, [key]: event.target.value })} />
    </label>
  );
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!save.isPending) save.mutate();
  };
  return (
    <form className="trade-form trade-card" onSubmit={handleSubmit} aria-label={ad ? t.editAd : t.newAd}>
      <h2>{ad ? t.editAd : t.newAd}</h2>
      {field('name', t.name)}
      {field('email', t.email)}
      <label className="trade-field">
        <span>{t.description}</span>
        <textarea value={form.description} rows={4} maxLength={500}
          onChange={(event) => setForm({ ...form, description: event.target.value })} />
      </label>
      <BannerUpload onUploaded={(url) => setForm((current) => ({ ...current, bannerUrl: url }))} />
      {/* Read-only: only uploaded banners pass the site's image policy (the server refuses outside addresses). */}
      <div className="trade-field">
        <span>{t.bannerUrl}</span>
        <input value={form.bannerUrl} readOnly placeholder={t.bannerUploadedOnly} aria-label={t.bannerUrl} />
        {form.bannerUrl && (
          <button type="button" className="button button--small" onClick={() => setForm({ ...form, bannerUrl: '' })}>{t.removeBanner}</button>
        )}
      </div>
      {field('openChatUrl', t.openChatUrl)}
      <label className="trade-field">
        <span>{t.tags}</span>
        <input value={tagsText} onChange={(event) => setTagsText(event.target.value)} />
      </label>
      <label className="trade-check">
        <input type="checkbox" checked={form.isActive} onChange={(event) => setForm({ ...form, isActive: event.target.checked })} />
        {t.isActive}
      </label>
      {message && <p className="muted" role="status">{message}</p>}
      <div className="trade-form__actions">
        {ad && <button type="button" className="button" onClick={onDone}>{t.cancelEdit}</button>}
        <button type="submit" className="button button--primary" disabled={save.isPending}>{ad ? t.update : t.create}</button>
      </div>
    </form>
  );
}

/** Shows or hides an ad on the promotion page with one click. */
function ToggleActive({ ad }: { ad: VendorAd }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => tradeAdminApi.updateAd(ad._id, { isActive: !ad.isActive }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradeKeys.adminAds() }),
  });
  return (
    <>
      <button type="button" className="button" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
        {ad.isActive ? t.hide : t.show}
      </button>
      {toggle.isError && <span className="trade-error">{tradeFailureText(toggle.error, t.updateFailed)}</span>}
    </>
  );
}

/**
 * /admin/trade/ads: admins add, edit, show and hide vendor ads; others see the admin-only message
 * (docs/product/ads.md#ad-admin).
 */
export default function TradeAdsAdminPage() {
  useDocumentTitle(t.title);
  const isAdmin = useSessionStore(selectIsAdmin);
  const [editing, setEditing] = useState<string | null>(null);
  const query = useQuery({ queryKey: tradeKeys.adminAds(), queryFn: tradeAdminApi.ads, enabled: isAdmin });
  if (!isAdmin) {
    return (
      <section className="trade-page">
        <h1>{t.title}</h1>
        <p className="trade-banner" role="alert">{t.adminOnly}</p>
      </section>
    );
  }
  return (
    <section className="trade-page">
      <h1>{t.title}</h1>
      <AdEditor onDone={() => undefined} />
      <h2>{t.list}</h2>
      {query.isError && <p className="trade-error">{tradeFailureText(query.error)}</p>}
      {query.data && query.data.items.length === 0 && <p className="muted">{t.empty}</p>}
      <ul className="trade-ads">
        {query.data?.items.map((ad) => (
          <li key={ad._id} className="trade-card trade-ad" data-testid="admin-ad">
            {editing === ad._id ? (
              <AdEditor ad={ad} onDone={() => setEditing(null)} />
            ) : (
              <>
                {ad.bannerUrl && <img className="trade-ad__banner" src={ad.bannerUrl} alt={ad.name} />}
                <h3>{ad.name} <span className="muted">· {ad.isActive ? t.active : t.inactive}</span></h3>
                <p className="muted">{ad.description}</p>
                <div className="trade-form__actions">
                  <ToggleActive ad={ad} />
                  <button type="button" className="button" onClick={() => setEditing(ad._id)}>{t.edit}</button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
