import { useCallback, useMemo } from 'react';
import { useOperation } from '../../api/operations.ts';

/** What names an AWB's courier: its awb_type, and for a broker's AWB the carrier (awb_subtype). */
type CourierOf = { awb_type: string; awb_subtype: string };

/** The courier code as stored: a broker's AWB names its carrier too ("innoship › cargus"). */
export const courierOf = (a: CourierOf): string => (a.awb_subtype ? `${a.awb_type} › ${a.awb_subtype}` : a.awb_type);

/**
 * The couriers of GET /awb/add/ (awbs.couriers): the one source of their names, for the list,
 * the detail and the filter. Read once, kept five minutes (the list does not change at run time).
 */
export function useCouriers() {
  return useOperation('awbs.couriers', {}, { staleTime: 5 * 60_000 });
}

/**
 * An AWB's courier as staff reads it ("FAN Courier", "Innoship › Cargus"): the names of
 * awbs.couriers, the code itself for a code the list does not know (or before it has loaded).
 */
export function useCourierName(): (awb: CourierOf) => string {
  const couriers = useCouriers();
  const names = useMemo(() => new Map((couriers.data ?? []).map((c) => [c.code, c.name])), [couriers.data]);
  return useCallback(
    (awb: CourierOf) => {
      const name = (code: string) => names.get(code) ?? code;
      return awb.awb_subtype ? `${name(awb.awb_type)} › ${name(awb.awb_subtype)}` : name(awb.awb_type);
    },
    [names],
  );
}
