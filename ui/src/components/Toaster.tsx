//! Renders the toast queue bottom-right, 16 px apart, expanded, each with its actions, a close
//! button and a progress bar for its countdown.
import { useSnapshot } from 'valtio';
import { closeToast, pauseToast, resumeToast, toasts, type Toast } from '../lib/toasts';
import { Icon, type IconName } from './Icon';

const ICON: Record<Toast['color'], IconName> = {
  primary: 'info',
  info: 'info',
  neutral: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
};

function ToastView({ toast }: { toast: Toast }) {
  const { id, color, title, description, actions, duration, open, count } = toast;
  const urgent = color === 'error' || color === 'warning';
  return (
    <li
      className="toast"
      data-color={color}
      data-open={open}
      role={urgent ? 'alert' : 'status'}
      onPointerEnter={() => pauseToast(id)}
      onPointerLeave={() => resumeToast(id)}
      onFocus={() => pauseToast(id)}
      onBlur={() => resumeToast(id)}
    >
      <span className="toast-icon">
        <Icon name={ICON[color]} />
      </span>
      <div className="toast-body">
        <p className="toast-title">
          {title}
          {count > 1 && (
            <span className="toast-count" title="Столько раз подряд">
              ×{count}
            </span>
          )}
        </p>
        {description && <p className="toast-description">{description}</p>}
        {actions.length > 0 && (
          <div className="toast-actions">
            {actions.map((action) => (
              <button
                key={action.label}
                type="button"
                className="outline"
                onClick={() => {
                  action.onClick();
                  closeToast(id);
                }}
              >
                {action.label}
              </button>
            ))}
          </div>
        )}
      </div>
      <button type="button" className="toast-close icon-button" aria-label="Закрыть уведомление" onClick={() => closeToast(id)}>
        <Icon name="close" size={16} />
      </button>
      {/* Keyed by the count, so a merged repeat starts the bar afresh with the countdown. */}
      {duration > 0 && <span key={count} className="toast-progress" style={{ animationDuration: `${duration}ms` }} />}
    </li>
  );
}

export function Toaster() {
  const snap = useSnapshot(toasts);
  return (
    <section className="toaster" aria-label="Уведомления" data-position={snap.position} data-expanded={snap.expanded}>
      <ol style={{ gap: snap.spacing }}>
        {snap.items.map((toast) => (
          <ToastView key={toast.id} toast={toast as Toast} />
        ))}
      </ol>
    </section>
  );
}
