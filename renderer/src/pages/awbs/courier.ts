/** The courier code as shown: a broker's AWB names its carrier too ("innoship › cargus"). */
export const courierOf = (a: { awb_type: string; awb_subtype: string }): string => (a.awb_subtype ? `${a.awb_type} › ${a.awb_subtype}` : a.awb_type);
