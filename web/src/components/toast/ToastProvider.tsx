import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled, { css } from 'styled-components';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success' | 'info';
  /** Milliseconds before it closes; default 5000. */
  duration?: number;
}
interface ToastState extends ToastInput {
  id: number;
}

const TOAST_LIMIT = 1;
const DEFAULT_DURATION = 5000;

const ToastContext = createContext<(t: ToastInput) => void>(() => {});

/** Shows one toast at a time (a new one replaces the old); F8 focuses the toast region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastState[]>([]);
  const nextId = useRef(1);
  const regionRef = useRef<HTMLOListElement>(null);

  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    setToasts((current) => [{ ...input, id }, ...current].slice(0, TOAST_LIMIT));
  }, []);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((t) => t.id !== id)), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') regionRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const value = useMemo(() => toast, [toast]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Region ref={regionRef} tabIndex={-1} aria-label="Notifications (F8)" aria-live="polite">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={() => dismiss(t.id)} />
        ))}
      </Region>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: ToastState; onDismiss: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onDismiss, toast.duration ?? DEFAULT_DURATION);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);
  return (
    <Item role="status" data-variant={toast.variant ?? 'default'} $variant={toast.variant ?? 'default'}>
      <div>
        <ToastTitle>{toast.title}</ToastTitle>
        {toast.description && <ToastDescription>{toast.description}</ToastDescription>}
      </div>
      <Close type="button" aria-label="Close notification" onClick={onDismiss}>
        ×
      </Close>
    </Item>
  );
}

export const useToast = () => useContext(ToastContext);

const Region = styled.ol`
  position: fixed;
  bottom: 1rem;
  right: 1rem;
  z-index: 100;
  list-style: none;
  margin: 0;
  padding: 0;
  width: min(380px, calc(100vw - 2rem));
  outline: none;
`;
const Item = styled.li<{ $variant: string }>`
  display: flex;
  justify-content: space-between;
  gap: 0.75rem;
  padding: 1rem;
  border-radius: ${(p) => p.theme.radius.md};
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.bg};
  box-shadow: ${(p) => p.theme.shadow.raised};
  ${(p) =>
    p.$variant === 'destructive' &&
    css`
      background: ${p.theme.colors.danger};
      color: #fff;
      border-color: ${p.theme.colors.danger};
    `}
`;
const ToastTitle = styled.p`
  margin: 0;
  font-weight: 600;
`;
const ToastDescription = styled.p`
  margin: 0.25rem 0 0;
  font-size: 0.9rem;
  opacity: 0.9;
`;
const Close = styled.button`
  background: none;
  border: none;
  color: inherit;
  font-size: 1.25rem;
  cursor: pointer;
  line-height: 1;
  align-self: flex-start;
`;
