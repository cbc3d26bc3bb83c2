import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

function Svg({ children, ...props }: IconProps) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2"
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

export const HomeIcon = (props: IconProps) => (
  <Svg {...props}><path d="M3 11 12 3l9 8" /><path d="M5 10v10h14V10" /><path d="M10 20v-6h4v6" /></Svg>
);
export const MenuIcon = (props: IconProps) => (
  <Svg {...props}><path d="M4 6h16M4 12h16M4 18h16" /></Svg>
);
export const CloseIcon = (props: IconProps) => (
  <Svg {...props}><path d="M6 6l12 12M18 6 6 18" /></Svg>
);
export const TrophyIcon = (props: IconProps) => (
  <Svg {...props}><path d="M8 4h8v5a4 4 0 0 1-8 0z" /><path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 21h8M9 17h6" /></Svg>
);
export const UserIcon = (props: IconProps) => (
  <Svg {...props}><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0 1 16 0" /></Svg>
);
export const BoardIcon = (props: IconProps) => (
  <Svg {...props}><rect x="4" y="3" width="16" height="18" rx="2" /><path d="M8 8h8M8 12h8M8 16h5" /></Svg>
);
export const MegaphoneIcon = (props: IconProps) => (
  <Svg {...props}><path d="M3 11v2a1 1 0 0 0 1 1h3l6 4V6L7 10H4a1 1 0 0 0-1 1z" /><path d="M17 8a5 5 0 0 1 0 8" /></Svg>
);
export const TradeIcon = (props: IconProps) => (
  <Svg {...props}><path d="M7 7h13l-4-4M17 17H4l4 4" /></Svg>
);
export const ChatIcon = (props: IconProps) => (
  <Svg {...props}><path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" /></Svg>
);
export const StoreIcon = (props: IconProps) => (
  <Svg {...props}><path d="M4 9 5 4h14l1 5M4 9h16v11H4zM9 20v-6h6v6" /></Svg>
);
export const MailIcon = (props: IconProps) => (
  <Svg {...props}><rect x="3" y="5" width="18" height="14" rx="2" /><path d="m3 7 9 6 9-6" /></Svg>
);
export const BlockIcon = (props: IconProps) => (
  <Svg {...props}><circle cx="12" cy="12" r="9" /><path d="M6 6l12 12" /></Svg>
);
export const ShieldIcon = (props: IconProps) => (
  <Svg {...props}><path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z" /></Svg>
);
export const FlameIcon = (props: IconProps) => (
  <Svg {...props}><path d="M12 3c1 4 5 5 5 10a5 5 0 0 1-10 0c0-3 2-4 2-7 2 1 3 2 3 4" /></Svg>
);
export const SunIcon = (props: IconProps) => (
  <Svg {...props}><circle cx="12" cy="12" r="4" /><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" /></Svg>
);
export const MoonIcon = (props: IconProps) => (
  <Svg {...props}><path d="M20 15A8 8 0 1 1 9 4a7 7 0 0 0 11 11z" /></Svg>
);
export const MonitorIcon = (props: IconProps) => (
  <Svg {...props}><rect x="3" y="4" width="18" height="12" rx="2" /><path d="M8 20h8M12 16v4" /></Svg>
);
export const BellIcon = (props: IconProps) => (
  <Svg {...props}><path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" /><path d="M10 20a2 2 0 0 0 4 0" /></Svg>
);
