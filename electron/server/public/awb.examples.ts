import type { EndpointExample } from './route-kit.ts';
import type { awbListFilters } from './awb.ts';

/** GET /awb/list/: the AWBs from a day on. */
export const awbListExample: EndpointExample<typeof awbListFilters> = {
  filters: { datefrom: '2026-11-09' },
  answer: {
    data: [
      {
        awb_id: 83,
        sale_id: 296,
        connector_order_id: 80,
        awb_nr: '1ONB9020104756',
        awb_type: 'sameday',
        awb_subtype: '',
        awb_url: 'https://sameday.ro/#awb=1ONB9020104756',
        doc_date: '2026-11-09',
        packet_count: 1,
        weight_kg: 2.476,
        service_type: 'standard',
        shipping_payer: 'sender',
        cod_amount: 0,
        cod_currency: 'RON',
        declared_value: 1183.91,
        delivery_country: 'Romania',
        delivery_country_code: 'RO',
        client_id: 50,
        client_name: 'Aurelian Pavel',
        client_cui: '',
        client_reg_com: '',
        source: 'connector',
        document_cancelled: 0,
        created_ts: '2026-11-09 10:45:29',
        last_changed_ts: '2026-11-09 10:45:56',
      },
    ],
  },
};

/** GET /awb/add/: the start of the page (the fields table, the account's couriers and a sample body follow). */
export const awbAddPageExample: EndpointExample = {
  answer: {
    body: `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>POST /awb/add/</title></head>
<body>
<h1>POST /awb/add/</h1>
<p>Attaches AWBs already issued with the courier to sales of the account. Content-Type
<code>application/json</code>; the body is an object with <code>awbs</code>, 1 to 100 AWB items.
All items are stored in one transaction: when one is refused (400, each message naming the field, such as
<code>awbs[1].awb_type</code>), none is stored. The answer's <code>data.awb_ids</code> lists the created AWB
ids in the order of the request; the AWBs appear in <code>GET /awb/list/</code> with <code>source</code> "api"
and today's date. <code>DELETE /awb/{awb_id}/</code> cancels one.</p>

<!-- ... -->
</body>
</html>
`,
  },
};

/** POST /awb/add/: a FAN Courier AWB issued elsewhere, attached to its sale. */
export const awbAddExample: EndpointExample = {
  request: {
    awbs: [
      {
        sale_id: 291,
        awb_nr: '2BT1000012345',
        awb_type: 'fan',
        awb_url: 'https://www.fancourier.ro/awb-tracking/?awb=2BT1000012345',
      },
    ],
  },
  answer: {
    data: {
      awb_ids: [89],
      awbs: [
        {
          awb_id: 89,
          sale_id: 291,
          connector_order_id: null,
          awb_nr: '2BT1000012345',
          awb_type: 'fan',
          awb_subtype: '',
          awb_url: 'https://www.fancourier.ro/awb-tracking/?awb=2BT1000012345',
          doc_date: '2026-11-27',
          packet_count: 1,
          weight_kg: 0.446,
          service_type: 'standard',
          shipping_payer: 'sender',
          cod_amount: 0,
          cod_currency: 'RON',
          declared_value: 452,
          delivery_country: 'Romania',
          delivery_country_code: 'RO',
          client_id: 41,
          client_name: 'Olaru Design SRL',
          client_cui: 'RO378498189',
          client_reg_com: 'J03/15198/2017',
          source: 'api',
          document_cancelled: 0,
          created_ts: '2026-11-27 10:00:00',
          last_changed_ts: '2026-11-27 10:00:00',
        },
      ],
    },
  },
};

/** DELETE /awb/{awb_id}/: the AWB attached above, cancelled. */
export const awbDeleteExample: EndpointExample = {
  params: { awb_id: 89 },
  answer: { data: { deleted_awb_id: 89 } },
};

/** GET /awb/issue/: always 501. */
export const awbIssueExample: EndpointExample = {
  status: 501,
  answer: { data: null, messages: ['GET /awb/issue/ is not implemented (reserved for a later release)'] },
};
