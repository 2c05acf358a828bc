//! The Russian words of a task's priority and status, as the cards and the task dialog show them.
import type { Card } from './api';

export const PRIORITIES: Record<Card['priority'], string> = { high: 'Высокий', normal: 'Обычный', low: 'Низкий' };
export const STATUSES: Record<Card['status'], string> = { todo: 'К выполнению', in_progress: 'В работе', done: 'Готово' };
