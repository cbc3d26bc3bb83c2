import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SalMixedResponse, SearchMode } from '@shared/contracts/search';
import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';
import { classifySearchKeyword } from '@shared/rules/search-keyword';
import { MixedResultLists } from './MixedResultLists';
import { SearchListbox } from './SearchListbox';
import { searchOptionGroups, type SearchOption } from './search-options';
import {
  fetchPlayerIdByName, fetchPopularSearches, fetchSalMixed, searchKeys, sendSearchLog,
} from './search-queries';
import {
  AUTOCOMPLETE_DEBOUNCE_MS, POPULAR_HIDE_AFTER_BLUR_MS, playerTarget, visiblePopular, wantsAutocomplete,
} from './search-rules';
import { useSearchParam } from '../../ui/hooks/use-search-param';
import { useDebouncedValue } from './use-debounced-value';
import { useListboxNavigation } from './use-listbox-navigation';
import './search.css';

const t = ko.stats.search;

interface SearchPanelProps {
  /** 'supply' shows the hidden source (the /search page with a player's league cards). */
  initialSource?: SearchMode;
}

/** Whether an autocomplete answer has anything to suggest. */
function showSuggestionsOf(data: SalMixedResponse | undefined): boolean {
  return Boolean(data && (data.players.length > 0 || data.clans.length > 0));
}

/** The address parameter holding the full search's keyword, so reload, back and a shared link show its results. */
const QUERY_PARAM = 'q';

/**
 * The search panel (docs/product/search.md#search-panel): source selector, keyword box, popular searches while focused
 * and empty, autocomplete after a 300 ms pause, and the full search on Enter or the button with every alert of
 * docs/product/search.md#full-search.
 */
export function SearchPanel({ initialSource = 'sal' }: SearchPanelProps) {
  const [source, setSource] = useState<SearchMode>(initialSource);
  const [searched, setSearched] = useSearchParam(QUERY_PARAM);
  const [keyword, setKeyword] = useState(() => (initialSource === 'sal' ? searched ?? '' : ''));
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const resultsKeyword = source === 'sal' ? searched?.trim() || null : null;
  // The results of the keyword in the address: already cached after a search here, fetched after a reload or a link.
  const results = useQuery({
    queryKey: searchKeys.mixed(resultsKeyword ?? '', 'full'),
    queryFn: ({ signal }) => fetchSalMixed(resultsKeyword ?? '', 'full', signal),
    enabled: resultsKeyword !== null,
    retry: false,
  });
  const hideTimer = useRef<number | undefined>(undefined);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { keyword: useId(), source: useId(), dropdown: useId() };

  const trimmed = keyword.trim();
  const settled = useDebouncedValue(trimmed, AUTOCOMPLETE_DEBOUNCE_MS);
  const autocompleteOn = source === 'sal' && open && settled === trimmed && wantsAutocomplete(settled);

  const popular = useQuery({
    queryKey: searchKeys.popular(),
    queryFn: ({ signal }) => fetchPopularSearches(signal),
    enabled: open,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const suggestions = useQuery({
    queryKey: searchKeys.mixed(settled, 'autocomplete'),
    queryFn: ({ signal }) => fetchSalMixed(settled, 'autocomplete', signal),
    enabled: autocompleteOn,
    retry: false,
  });

  const popularKeywords = visiblePopular(popular.data?.[source] ?? []);
  const showPopular = open && trimmed === '' && popularKeywords.length > 0;
  const suggestionData = autocompleteOn ? suggestions.data : undefined;
  const groups = searchOptionGroups(ids.dropdown, showPopular ? popularKeywords : [], suggestionData);
  const options = groups.flatMap((group) => group.options);
  const expanded = options.length > 0;
  const listbox = useListboxNavigation(options, handleActivate, () => setOpen(true));
  const active = expanded ? listbox.active : null;

  function goToPlayer(playerId: string) {
    sendSearchLog({ keyword: playerId, mode: source });
    setOpen(false);
    navigate(playerTarget(source, playerId));
  }

  async function searchSal(text: string) {
    sendSearchLog({ keyword: text, mode: 'sal' });
    let data: SalMixedResponse;
    try {
      data = await queryClient.fetchQuery({
        queryKey: searchKeys.mixed(text, 'full'),
        queryFn: ({ signal }) => fetchSalMixed(text, 'full', signal),
      });
    } catch {
      window.alert(t.mixedFailed);
      return;
    }
    if (data.players.length === 0 && data.clans.length === 0) {
      setSearched(null);
      window.alert(t.noResults);
      return;
    }
    setSearched(text, { push: true });
  }

  async function searchSupplyByName(name: string) {
    sendSearchLog({ keyword: name, mode: 'supply' });
    try {
      const answer = await fetchPlayerIdByName(name);
      if (!answer.data?.id) {
        window.alert(t.playerIdFailed);
        return;
      }
      navigate(playerTarget('supply', answer.data.id));
    } catch (error) {
      window.alert(error instanceof ApiError && error.status === 404 ? t.playerIdFailed : t.playerIdConvertFailed);
    }
  }

  /** Runs the full search for `input` (docs/product/search.md#keyword-rules). */
  async function performSearch(input: string) {
    const parsed = classifySearchKeyword(input);
    switch (parsed.kind) {
      case 'empty':
        return;
      case 'urlWithoutNumber':
        window.alert(t.urlNotSearchable);
        return;
      case 'urlWithNumber':
        if (window.confirm(t.confirmUrlNumber(parsed.number))) goToPlayer(parsed.number);
        return;
      case 'enlistmentNumber':
        goToPlayer(parsed.number);
        return;
      case 'text':
        setOpen(false);
        setBusy(true);
        try {
          await (source === 'sal' ? searchSal(parsed.keyword) : searchSupplyByName(parsed.keyword));
        } finally {
          setBusy(false);
        }
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void performSearch(keyword);
  }

  function handlePopular(item: string) {
    setKeyword(item);
    void performSearch(item);
  }

  /** Chooses a listbox option: a popular keyword runs the full search, a suggestion opens its page. */
  function handleActivate(option: SearchOption) {
    listbox.reset();
    if (option.kind === 'popular') {
      handlePopular(option.keyword);
      return;
    }
    setOpen(false);
    navigate(option.to);
  }

  function handleFocus() {
    window.clearTimeout(hideTimer.current);
    setOpen(true);
  }

  /** Focus leaving the panel (not moving inside it) hides the lists 150 ms later, so a click on them still lands. */
  function handleBlur(event: FocusEvent<HTMLFormElement>) {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => setOpen(false), POPULAR_HIDE_AFTER_BLUR_MS);
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      setOpen(false);
      listbox.reset();
    }
  }

  return (
    <div className="search-panel">
      <form className="search-form" role="search" onSubmit={handleSubmit} onFocus={handleFocus} onBlur={handleBlur}
        onKeyDown={handleKeyDown} aria-busy={busy}>
        <label className="visually-hidden" htmlFor={ids.source}>{t.sourceLabel}</label>
        <select id={ids.source} className="search-form__source" value={source}
          onChange={(event) => { setSource(event.target.value as SearchMode); setSearched(null); }}>
          <option value="sal">{t.sourceSal}</option>
          {initialSource === 'supply' && <option value="supply">{t.sourceSupply}</option>}
        </select>
        <div className="search-form__field">
          <label className="visually-hidden" htmlFor={ids.keyword}>{t.keywordLabel}</label>
          <input id={ids.keyword} className="search-form__input" type="search" value={keyword} autoComplete="off"
            placeholder={t.placeholder} maxLength={100} enterKeyHint="search"
            role="combobox" aria-autocomplete="list" aria-expanded={expanded} aria-controls={ids.dropdown}
            aria-activedescendant={active?.id}
            onKeyDown={listbox.handleKeyDown}
            onChange={(event) => { setKeyword(event.target.value); listbox.reset(); setOpen(true); }} />
          <SearchListbox id={ids.dropdown} groups={groups} suggesting={showSuggestionsOf(suggestionData)} activeId={active?.id ?? null}
            onActivate={handleActivate} />
        </div>
        <button type="submit" className="button button--primary search-form__submit" disabled={busy}>{t.submit}</button>
      </form>
      {resultsKeyword !== null && results.data && (
        <section className="search-results" aria-label={t.resultsTitle(resultsKeyword)} data-testid="search-results">
          <h2 className="search-results__title">{t.resultsTitle(resultsKeyword)}</h2>
          {results.data.players.length === 0 && results.data.clans.length === 0
            ? <p className="muted">{t.noResults}</p>
            : <MixedResultLists data={results.data} />}
        </section>
      )}
    </div>
  );
}
