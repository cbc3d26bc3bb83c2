import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { useSessionStore } from '../../stores/session';

/** Avatar and nickname opening a menu with my page and logout. */
export function UserMenu() {
  const user = useSessionStore((state) => state.user);
  const signOut = useSessionStore((state) => state.signOut);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const handlePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [open]);

  if (!user) return null;
  const nickname = user.nickname || ko.topBar.userFallback;
  const handleLogout = () => {
    setOpen(false);
    signOut();
    navigate('/');
  };
  return (
    <div className="user-menu" ref={rootRef}>
      <button type="button" className="user-menu__trigger" aria-haspopup="menu" aria-expanded={open}
        aria-label={ko.topBar.userMenu} onClick={() => setOpen((value) => !value)}>
        <span className="avatar" aria-hidden="true">{nickname.slice(0, 1).toUpperCase()}</span>
        <span className="user-menu__name">{nickname}</span>
      </button>
      {open && (
        <div className="user-menu__list" role="menu">
          <Link role="menuitem" to="/mypage" onClick={() => setOpen(false)}>{ko.topBar.myPage}</Link>
          <button role="menuitem" type="button" onClick={handleLogout}>{ko.topBar.logout}</button>
        </div>
      )}
    </div>
  );
}
