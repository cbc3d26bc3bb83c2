import { ko } from '../../i18n/ko';
import { useThemeStore, type ThemeChoice } from '../../stores/theme';
import { MonitorIcon, MoonIcon, SunIcon } from '../icons';

const OPTIONS: { value: ThemeChoice; label: string; Icon: typeof SunIcon }[] = [
  { value: 'dark', label: ko.theme.dark, Icon: MoonIcon },
  { value: 'light', label: ko.theme.light, Icon: SunIcon },
  { value: 'system', label: ko.theme.system, Icon: MonitorIcon },
];

/** Dark / light / system, remembered under localStorage `theme`. */
export function ThemeSwitch() {
  const choice = useThemeStore((state) => state.choice);
  const setChoice = useThemeStore((state) => state.setChoice);
  return (
    <div className="theme-switch" role="radiogroup" aria-label={ko.theme.label}>
      {OPTIONS.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={choice === value}
          aria-label={label}
          title={label}
          className="theme-switch__option"
          data-choice={value}
          onClick={() => setChoice(value)}
        >
          <Icon width={16} height={16} />
        </button>
      ))}
    </div>
  );
}
