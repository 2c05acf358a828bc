//! The period of a lessons list: «с» and «по», typed ДД.ММ.ГГГГ.
import { DayField } from '../../components/DayField';

interface Props {
  from: string;
  to: string;
  onChange: (change: { from?: string; to?: string }) => void;
}

export function PeriodFilter({ from, to, onChange }: Props) {
  return (
    <>
      <label>
        С
        <DayField value={from} onChange={(day) => onChange({ from: day })} label="С даты" />
      </label>
      <label>
        По
        <DayField value={to} onChange={(day) => onChange({ to: day })} label="По дату" />
      </label>
    </>
  );
}
