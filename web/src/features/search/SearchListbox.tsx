import { ko } from '../../i18n/ko';
import { ClanEntry, PlayerEntry } from './ResultEntries';
import type { SearchOption, SearchOptionGroup } from './search-options';

interface SearchListboxProps {
  id: string;
  groups: readonly SearchOptionGroup[];
  /** Whether the suggestions (rather than the popular searches) are showing, for the listbox's name. */
  suggesting: boolean;
  activeId: string | null;
  onActivate: (option: SearchOption) => void;
}

/**
 * The search box's popup (ARIA listbox): popular searches while the box is empty, else the autocomplete
 * suggestions in two groups. The box keeps the focus: the arrow keys move the active option
 * (aria-activedescendant), Enter or a click chooses it.
 */
export function SearchListbox({ id, groups, suggesting, activeId, onActivate }: SearchListboxProps) {
  return (
    <div id={id} role="listbox" className="search-dropdown" hidden={groups.length === 0}
      aria-label={suggesting ? ko.stats.search.suggestions : ko.stats.search.popular}
      data-testid={groups.length === 0 ? undefined : suggesting ? 'search-suggestions' : 'popular-searches'}
      // A press inside the list must not take the focus from the box (that would close the list before the click).
      onMouseDown={(event) => event.preventDefault()}>
      {groups.map((group) => (
        <div key={group.key} role="group" aria-labelledby={`${id}-${group.key}`} className={`search-dropdown__group search-dropdown__group--${group.key}`}>
          <div id={`${id}-${group.key}`} role="presentation" className="search-dropdown__title">{group.label}</div>
          {group.options.map((option) => (
            <div key={option.id} id={option.id} role="option" aria-selected={option.id === activeId}
              className={option.id === activeId ? 'search-option search-option--active' : 'search-option'}
              onClick={() => onActivate(option)}>
              <OptionContent option={option} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function OptionContent({ option }: { option: SearchOption }) {
  switch (option.kind) {
    case 'popular':
      return <><span className="search-popular__rank">{option.rank}</span><span className="search-option__keyword">{option.keyword}</span></>;
    case 'clan':
      return <ClanEntry clan={option.clan} logoSize={20} />;
    case 'player':
      return <PlayerEntry player={option.player} logoSize={20} />;
  }
}
