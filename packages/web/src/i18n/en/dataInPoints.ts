/** Data In's OPC point-file page (docs/data-in.md "Point files"). */
export const dataInPoints = {
  'dataIn.points.title': 'Point file {{file}}',
  'dataIn.points.driver.opcua': 'OPC UA',
  'dataIn.points.driver.opcda': 'OPC DA',
  'dataIn.points.download': 'Download',
  'dataIn.points.template.opcua': 'OPC UA template',
  'dataIn.points.template.opcda': 'OPC DA template',
  'dataIn.points.missingColumns': 'This is not a point file: its header lacks {{columns}}',
  'dataIn.points.counts': '{{total}} points, {{invalid}} with problems',
  'dataIn.points.empty': 'The file has no points',
  'dataIn.points.line': 'Line',
  'dataIn.points.tag': 'tag',
  'dataIn.points.view': 'View points',
};
